import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/**
 * Issue 13's hostile workspace: generated code that nests deeper than any recursive walk of ours
 * could go, and one file the TypeScript parser itself cannot handle, next to healthy files that
 * call into them. Written to a fresh temp dir (the files are large: never checked in).
 */
export const HOSTILE = {
  /** Healthy: everyone calls `helper`. */
  ok: 'src/ok.ts',
  /** A 20,000-term string concatenation (generated templates, SQL builders) plus a function calling helper. */
  concat: 'src/gen/concat.ts',
  /** A 1,000-branch `else if` chain whose last branch calls helper. */
  elseIf: 'src/gen/elseIf.ts',
  /** 500 chained method calls on one receiver. */
  chained: 'src/gen/chained.ts',
  /** 5,000 nested parentheses: deeper than the compiler's recursive parser goes (tsc dies on it too). */
  parens: 'src/gen/parens.ts',
  /** Healthy, imports from the file the compiler cannot parse. */
  usesParens: 'src/usesParens.ts',
} as const;

export const CONCAT_TERMS = 20_000;
export const ELSE_IF_BRANCHES = 1_000;
export const CHAINED_CALLS = 500;
/**
 * Deep enough to overflow the compiler's stack in any state of the process: once the parser and
 * checker are optimised (after indexing a few hundred real files) their frames are smaller and 5,000
 * levels parse fine, so a worker that indexed ra-core before answered the host's incomplete-graph test
 * as if the file were healthy. 20,000 fails cold and warm alike, as fast.
 */
export const PARENS_DEPTH = 20_000;

/** The text of the parser-killing file at a given nesting depth (a shallow one is healthy). */
export function parensText(depth: number): string {
  return [
    `export const deep = ${'('.repeat(depth)}1${')'.repeat(depth)};`,
    'import { helper } from "../ok";',
    'export function insideParens() { return helper() + deep; }',
    '',
  ].join('\n');
}

export function hostileFiles(): Record<string, string> {
  const terms: string[] = [];
  for (let i = 0; i < CONCAT_TERMS; i++) terms.push(JSON.stringify(`t${i}`));
  const branches: string[] = [];
  for (let i = 0; i < ELSE_IF_BRANCHES - 1; i++) branches.push(`if (x === ${i}) { return ${i}; }`);
  branches.push('{ return helper(); }');
  return {
    'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2020', module: 'commonjs', strict: true }, include: ['src'] }),
    [HOSTILE.ok]: 'export function helper(): number { return 1; }\nexport function main() { return helper(); }\n',
    [HOSTILE.concat]: `import { helper } from "../ok";\nexport const big = ${terms.join(' + ')};\nexport function useConcat() { return helper() + big.length; }\n`,
    [HOSTILE.elseIf]: `import { helper } from "../ok";\nexport function branchy(x: number): number {\n  ${branches.join(' else ')}\n}\n`,
    [HOSTILE.chained]: `export class Builder { step(): Builder { return this; } }\nexport function build() { return new Builder()${'.step()'.repeat(CHAINED_CALLS)}; }\n`,
    [HOSTILE.parens]: parensText(PARENS_DEPTH),
    [HOSTILE.usesParens]: 'import { deep } from "./gen/parens";\nimport { helper } from "./ok";\nexport function viaParens() { return helper() + deep; }\n',
  };
}

/** Writes `files` under a new temp dir; returns its root. */
export function writeWorkspace(prefix: string, files: Record<string, string>): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}
