import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/**
 * Issue 29, item 5: one npm workspace whose app imports a package for each reason a package can
 * resolve to no types (written to a fresh temp dir, symlinks included; the caller removes it):
 * - `lodash`: not installed;
 * - `exp-only`: installed, its types reachable through `exports` only, which the app's
 *   moduleResolution (node10, implied by "module": "commonjs") ignores;
 * - `@acme/legacy`: a package of the workspace whose types are in an unbuilt dist/ and whose sources
 *   nothing maps (no tsconfig, no source condition, not a bundler's `dist/index.d.ts` beside a
 *   `src/index.ts`: vite's `dist/esm/`, as TanStack's), with a build script;
 * - `untyped`: installed, JavaScript only, no @types package;
 * - `@acme/core`: a workspace package that IS mapped to its sources: no warning.
 */
export function writeAdviceFixture(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-advice-'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  write('package.json', JSON.stringify({ name: 'acme', private: true, workspaces: ['packages/*'] }));
  // A TypeScript 5 workspace: "module": "commonjs" implies node10 resolution, which ignores package.json
  // exports (TypeScript 6 defaults commonjs to bundler resolution, which reads them).
  write('node_modules/typescript/package.json', JSON.stringify({ name: 'typescript', version: '5.9.3' }));
  write('packages/app/package.json', JSON.stringify({ name: '@acme/app' }));
  write('packages/app/tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, module: 'commonjs', target: 'ES2022', types: [], noEmit: true }, include: ['src'] }));
  write(
    'packages/app/src/main.ts',
    [
      "import { get } from 'lodash';",
      "import { feature } from 'exp-only';",
      "import { legacy } from '@acme/legacy';",
      "import { plain } from 'untyped';",
      "import { createId } from '@acme/core';",
      '',
      'export function run(): unknown {',
      "  return [get({}, 'a'), feature(), legacy(), plain(), createId('x')];",
      '}',
      '',
    ].join('\n'),
  );
  write('packages/app/src/other.ts', "import { get } from 'lodash';\nexport const other = (): unknown => get({}, 'b');\n");
  write('packages/core/package.json', JSON.stringify({ name: '@acme/core', types: 'dist/index.d.ts' }));
  write('packages/core/tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, module: 'commonjs', outDir: 'dist', rootDir: 'src', types: [] }, include: ['src'] }));
  write('packages/core/src/index.ts', "export function createId(p: string): string {\n  return p + '-1';\n}\n");
  write('packages/legacy/package.json', JSON.stringify({ name: '@acme/legacy', main: 'dist/esm/index.js', types: 'dist/esm/index.d.ts', scripts: { build: 'vite build' } }));
  write('packages/legacy/src/index.ts', 'export function legacy(): number {\n  return 1;\n}\n');
  write('node_modules/exp-only/package.json', JSON.stringify({ name: 'exp-only', exports: { '.': { types: './types/index.d.ts', default: './lib/index.js' } } }));
  write('node_modules/exp-only/types/index.d.ts', 'export declare function feature(): string;\n');
  write('node_modules/exp-only/lib/index.js', 'exports.feature = () => "f";\n');
  write('node_modules/untyped/package.json', JSON.stringify({ name: 'untyped', main: 'index.js' }));
  write('node_modules/untyped/index.js', 'exports.plain = () => 1;\n');
  fs.mkdirSync(path.join(root, 'node_modules/@acme'), { recursive: true });
  for (const p of ['app', 'core', 'legacy']) fs.symlinkSync(path.join(root, 'packages', p), path.join(root, 'node_modules/@acme', p), 'dir');
  return root;
}

/** The warnings the fixture must produce, exactly. */
export const ADVICE_WARNINGS = [
  "1 imported package resolves to no types: 'lodash' (2 files). It is not installed (no node_modules folder above the files importing it holds it). Calls into it, and calls TypeScript would infer through its types, are missing: install the dependencies (npm install or equivalent) and rebuild.",
  '1 imported package resolves to no types under the config\'s moduleResolution: \'exp-only\' (1 file) is installed, but "moduleResolution": "node10" (packages/app/tsconfig.json, implied by its "module" under TypeScript 5\'s defaults) does not find its types; "moduleResolution": "bundler" (with "module": "esnext") does (node_modules/exp-only/types/index.d.ts), and "moduleResolution": "node16" (with "module": "node16") does (node_modules/exp-only/types/index.d.ts). Calls into it, and calls TypeScript would infer through its types, are missing until the config uses such a setting.',
  '1 imported package resolves to no types: a package of this workspace not built: \'@acme/legacy\' (1 file) in packages/legacy declares its types at packages/legacy/dist/esm/index.d.ts, which does not exist, and neither a tsconfig of the package (outDir, rootDir) nor a "source"/"development" export condition leads to its sources: build it (its "build" script: npm run build --workspace @acme/legacy). Calls into it, and calls TypeScript would infer through its types, are missing.',
  "1 imported package resolves to no types though installed: 'untyped' (1 file). TypeScript finds no types for it under any moduleResolution, and no @types package for it is installed. Calls into it, and calls TypeScript would infer through its types, are missing; an @types package provides types where one exists.",
];
