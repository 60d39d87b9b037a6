import * as fs from 'fs';
import * as path from 'path';

/** A generated npm-workspace monorepo: `packages` projects, each with its own tsconfig and package.json. */
export interface MonorepoShape {
  packages: number;
  filesPerPackage: number;
  /** The packages package `i` depends on (indices below `i`). Default: i-1 and ⌊i/2⌋, none for 0. */
  dependsOn?(i: number): number[];
}

export const packageName = (i: number): string => `@mono/p${i}`;
export const packageDir = (i: number): string => `packages/p${i}`;

/**
 * Writes an installed npm workspace (root `workspaces`, `node_modules/@mono/*` symlinks) whose
 * packages import each other by name: package i's files call functions of its dependencies
 * through their `index.ts`, and of their own package. Deterministic; returns nothing.
 * Issue 39: many projects, for the order of a full index and for the bench.
 */
export function writeMonorepo(root: string, shape: MonorepoShape): void {
  const deps = shape.dependsOn ?? ((i: number) => (i === 0 ? [] : [...new Set([i - 1, Math.floor(i / 2)])]));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  write('package.json', JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'] }));
  const tsconfig = JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', target: 'ES2022', types: [], noEmit: true, skipLibCheck: true }, include: ['src'] });
  fs.mkdirSync(path.join(root, 'node_modules/@mono'), { recursive: true });
  for (let i = 0; i < shape.packages; i++) {
    const dir = packageDir(i);
    const mine = deps(i);
    write(`${dir}/package.json`, JSON.stringify({ name: packageName(i), types: 'src/index.ts', dependencies: Object.fromEntries(mine.map((d) => [packageName(d), '*'])) }));
    write(`${dir}/tsconfig.json`, tsconfig);
    const barrel: string[] = [];
    for (let f = 0; f < shape.filesPerPackage; f++) {
      const imports = mine.map((d) => `import { p${d}f0a } from '${packageName(d)}';`);
      const local = f > 0 ? [`import { p${i}f${f - 1}a } from './f${f - 1}';`] : [];
      const calls = [...mine.map((d) => `p${d}f0a(x)`), ...(f > 0 ? [`p${i}f${f - 1}a(x)`] : []), 'x'];
      write(
        `${dir}/src/f${f}.ts`,
        [...imports, ...local, '', `export function p${i}f${f}a(x: number): number {`, `  return ${calls.join(' + ')};`, '}', '', `export function p${i}f${f}b(x: number): number {`, `  return p${i}f${f}a(x) * 2;`, '}', ''].join('\n'),
      );
      barrel.push(`export { p${i}f${f}a, p${i}f${f}b } from './f${f}';`);
    }
    write(`${dir}/src/index.ts`, barrel.join('\n') + '\n');
    fs.symlinkSync(path.join(root, dir), path.join(root, 'node_modules', packageName(i)), 'dir');
  }
}
