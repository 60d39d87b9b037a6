import * as fs from 'fs';
import * as path from 'path';
import { writeWorkspace } from './hostileWorkspace';

/**
 * A workspace whose one call goes through a library's typings: `make().run()` runs `Alpha.run` while
 * node_modules/dep declares `make(): Alpha`, and `Beta.run` once `upgradeDependency` rewrites it, as
 * `npm install` does (typings inside node_modules, which no watcher reports, plus a manifest).
 */
export function writeDependencyWorkspace(): string {
  return writeWorkspace('tcg-depchange-', {
    'package.json': JSON.stringify({ name: 'app', version: '1.0.0', dependencies: { dep: '1.0.0' } }),
    'package-lock.json': JSON.stringify({ name: 'app', lockfileVersion: 3, packages: { 'node_modules/dep': { version: '1.0.0' } } }),
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'commonjs' }, include: ['src'] }),
    'node_modules/dep/package.json': JSON.stringify({ name: 'dep', version: '1.0.0', types: 'index.d.ts' }),
    'node_modules/dep/index.d.ts': depTypings('Alpha'),
    'src/main.ts': "import { make } from 'dep';\nexport function go(): void {\n  make().run();\n}\n",
  });
}

/** The library's new typings (`make(): Beta`), and `manifest` (package.json or a lock file) naming version 2.0.0; returns the manifest's path, or undefined for `manifest` none. */
export function upgradeDependency(root: string, manifest: 'package.json' | 'package-lock.json' | 'none'): string | undefined {
  fs.writeFileSync(path.join(root, 'node_modules/dep/index.d.ts'), depTypings('Beta'));
  if (manifest === 'none') return undefined;
  const file = path.join(root, manifest);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/1\.0\.0/g, '2.0.0'));
  return file;
}

/** The id of `Alpha.run` / `Beta.run` as the graph names them. */
export function depRunId(cls: 'Alpha' | 'Beta'): string {
  return `node_modules/dep/index.d.ts#${cls}.run@method`;
}

function depTypings(returned: string): string {
  return `export declare class Alpha {\n  run(): void;\n}\nexport declare class Beta {\n  run(): void;\n}\nexport declare function make(): ${returned};\n`;
}
