import * as fs from 'fs';
import * as path from 'path';
import { mulberry32 } from '../test/support/mulberry32';

/** Size knobs of a synthetic workspace. */
export interface WorkspaceShape {
  files: number;
  functionsPerFile: number;
  /** Calls each function makes into other files. */
  fanOut: number;
  /** Files per module folder (each folder gets an index.ts barrel). */
  filesPerModule: number;
  /** Every Nth file is a .tsx component file. */
  jsxEvery: number;
  seed: number;
}

export const DEFAULT_SHAPE: WorkspaceShape = { files: 1000, functionsPerFile: 5, fanOut: 2, filesPerModule: 20, jsxEvery: 10, seed: 1 };

/**
 * Writes a deterministic TypeScript workspace: module folders with re-export barrels, functions
 * calling into other files (through barrels and direct imports), an interface + implementing
 * class + base class per file, JSX components, and one hub file that every file imports (the
 * worst case for incremental updates). Returns the list of written files (root-relative).
 */
export function generateWorkspace(root: string, shape: WorkspaceShape = DEFAULT_SHAPE): string[] {
  const rand = mulberry32(shape.seed);
  const written: string[] = [];
  const write = (rel: string, text: string) => {
    const full = path.join(root, rel);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
    written.push(rel);
  };
  write('tsconfig.json', JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'commonjs', strict: true, jsx: 'preserve', noEmit: true, skipLibCheck: true }, include: ['src'] }, null, 2));
  write('src/jsx.d.ts', 'declare namespace JSX {\n  interface IntrinsicElements {\n    [name: string]: any;\n  }\n  type Element = any;\n}\n');
  write('src/core/hub.ts', hubFile());
  const modules = Math.ceil(shape.files / shape.filesPerModule);
  const fileName = (i: number) => `src/m${Math.floor(i / shape.filesPerModule)}/f${i}${isJsx(i, shape) ? '.tsx' : '.ts'}`;
  for (let i = 0; i < shape.files; i++) {
    write(fileName(i), sourceFile(i, shape, rand));
  }
  for (let m = 0; m < modules; m++) {
    const lines: string[] = [];
    for (let i = m * shape.filesPerModule; i < Math.min(shape.files, (m + 1) * shape.filesPerModule); i++) lines.push(`export * from './f${i}';`);
    write(`src/m${m}/index.ts`, lines.join('\n') + '\n');
  }
  return written;
}

function isJsx(i: number, shape: WorkspaceShape): boolean {
  return shape.jsxEvery > 0 && i % shape.jsxEvery === shape.jsxEvery - 1;
}

function hubFile(): string {
  return [
    'export interface Logger {',
    '  log(message: string): void;',
    '}',
    '',
    'export function log(message: string): void {',
    '  void message;',
    '}',
    '',
    'export function format(value: number): string {',
    '  return String(value);',
    '}',
    '',
  ].join('\n');
}

function sourceFile(i: number, shape: WorkspaceShape, rand: () => number): string {
  const out: string[] = [`import { log, format, Logger } from '../core/hub';`];
  const imports = new Map<string, Set<string>>();
  const calls: string[][] = [];
  for (let j = 0; j < shape.functionsPerFile; j++) {
    const callees: string[] = [];
    for (let k = 0; k < shape.fanOut && i > 0; k++) {
      const target = Math.floor(rand() * i);
      const fn = `f${target}_${Math.floor(rand() * shape.functionsPerFile)}`;
      const sameModule = Math.floor(target / shape.filesPerModule) === Math.floor(i / shape.filesPerModule);
      const from = sameModule ? `./f${target}` : `../m${Math.floor(target / shape.filesPerModule)}`;
      if (!imports.has(from)) imports.set(from, new Set());
      imports.get(from)!.add(fn);
      callees.push(fn);
    }
    calls.push(callees);
  }
  const base = i > 0 && rand() < 0.5 ? Math.floor(rand() * i) : -1;
  if (base >= 0) {
    const from = Math.floor(base / shape.filesPerModule) === Math.floor(i / shape.filesPerModule) ? `./f${base}` : `../m${Math.floor(base / shape.filesPerModule)}`;
    if (!imports.has(from)) imports.set(from, new Set());
    imports.get(from)!.add(`Service${base}`);
  }
  if (isJsx(i, shape) && i - shape.jsxEvery >= 0) {
    const inner = i - shape.jsxEvery;
    const from = Math.floor(inner / shape.filesPerModule) === Math.floor(i / shape.filesPerModule) ? `./f${inner}` : `../m${Math.floor(inner / shape.filesPerModule)}`;
    if (!imports.has(from)) imports.set(from, new Set());
    imports.get(from)!.add(`Widget${inner}`);
  }
  for (const [from, names] of imports) out.push(`import { ${[...names].sort().join(', ')} } from '${from}';`);
  out.push('');
  for (let j = 0; j < shape.functionsPerFile; j++) {
    out.push(`export function f${i}_${j}(input: number): string {`);
    out.push(`  log('f${i}_${j}');`);
    for (const c of calls[j]) out.push(`  ${c}(input + 1);`);
    out.push(`  return format(input * ${j + 1});`);
    out.push('}');
    out.push('');
  }
  out.push(`export interface Store${i} {`, `  load(id: number): string;`, `}`, '');
  out.push(`export class Service${i}${base >= 0 ? ` extends Service${base}` : ''} implements Store${i} {`);
  out.push(`  constructor(protected readonly logger: Logger) {${base >= 0 ? '\n    super(logger);' : ''}`, `  }`);
  out.push(`  load(id: number): string {`, `    this.logger.log('load');`, `    return f${i}_0(id);`, `  }`, `}`, '');
  if (isJsx(i, shape)) {
    // Each component renders the previous one (an INCLUDES edge), imported like any other symbol.
    const inner = i - shape.jsxEvery;
    out.push(`export function Widget${i}(props: { id: number }) {`);
    out.push(inner >= 0 ? `  return <div title={f${i}_0(props.id)}><Widget${inner} id={props.id} /></div>;` : `  return <div title={f${i}_0(props.id)}>{props.id}</div>;`);
    out.push('}', '');
  }
  return out.join('\n');
}

