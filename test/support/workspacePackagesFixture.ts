import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/**
 * Issue 29, item 4: a monorepo whose `@acme/app` imports `@acme/core` by name, with NO project
 * references. `@acme/core` declares its types in dist/ (`types`, or an `exports` condition) and is
 * not built. Variants: npm `workspaces` or pnpm-workspace.yaml; the symlink npm/pnpm would create
 * in node_modules, or none (listed but not installed); a tsconfig `outDir`/`rootDir` layout, or a
 * `source` export condition and a tsconfig that does not emit. Written to a fresh temp dir (git
 * holds no symlinks here); the caller removes it.
 */
export interface WorkspaceFixtureOptions {
  manager?: 'npm' | 'pnpm';
  /** Create the node_modules symlink(s) the package manager would (default true). */
  link?: boolean;
  /** How core's sources are found: its tsconfig's outDir/rootDir, or a `source` export condition. */
  layout?: 'outDir' | 'sourceCondition';
  /** The app's moduleResolution (default node10 through module commonjs). */
  appModule?: 'commonjs' | 'esnext-bundler';
}

export const CORE_FILE = 'packages/core/src/index.ts';
export const CORE_UTIL = 'packages/core/src/util.ts';
export const APP_FILE = 'packages/app/src/main.ts';

export function writeWorkspaceFixture(opts: WorkspaceFixtureOptions = {}): string {
  const { manager = 'npm', link = true, layout = 'outDir', appModule = 'commonjs' } = opts;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `tcg-wspkg-${manager}-`));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  const base = { strict: true, target: 'ES2022', types: [] as string[] };
  if (manager === 'npm') write('package.json', JSON.stringify({ name: 'acme', private: true, workspaces: ['packages/*'] }));
  else {
    write('package.json', JSON.stringify({ name: 'acme', private: true }));
    write('pnpm-workspace.yaml', "# the packages\npackages:\n  - 'packages/*'\n  - '!**/test/**'\n");
  }
  const coreManifest: Record<string, unknown> = { name: '@acme/core', version: '1.0.0', main: 'dist/index.js', types: 'dist/index.d.ts' };
  if (layout === 'sourceCondition') {
    coreManifest.exports = {
      '.': { source: './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' },
      './util': { source: './src/util.ts', types: './dist/util.d.ts', default: './dist/util.js' },
    };
    write('packages/core/tsconfig.json', JSON.stringify({ compilerOptions: { ...base, module: 'esnext', moduleResolution: 'bundler', noEmit: true }, include: ['src'] }));
  } else {
    write('packages/core/tsconfig.json', JSON.stringify({ compilerOptions: { ...base, module: 'commonjs', declaration: true, outDir: 'dist', rootDir: 'src' }, include: ['src'] }));
  }
  write('packages/core/package.json', JSON.stringify(coreManifest));
  write(CORE_FILE, "import { pad } from './util';\n\nexport function createId(prefix: string): string {\n  return pad(prefix) + '-1';\n}\n");
  write(CORE_UTIL, 'export function pad(s: string): string {\n  return s.trim();\n}\n');
  write('packages/app/package.json', JSON.stringify({ name: '@acme/app', version: '1.0.0', dependencies: { '@acme/core': '*' } }));
  const appOptions = appModule === 'commonjs' ? { ...base, module: 'commonjs' } : { ...base, module: 'esnext', moduleResolution: 'bundler' };
  write('packages/app/tsconfig.json', JSON.stringify({ compilerOptions: { ...appOptions, noEmit: true }, include: ['src'] }));
  const utilImport = layout === 'sourceCondition' ? '@acme/core/util' : '@acme/core/dist/util';
  write(
    APP_FILE,
    `import { createId } from '@acme/core';\nimport { pad } from '${utilImport}';\n\nexport function run(): string {\n  return createId('app');\n}\n\nexport function tidy(s: string): string {\n  return pad(s);\n}\n`,
  );
  if (link) {
    // npm links every workspace package at the root; pnpm links a package's dependencies in its own node_modules.
    const at = manager === 'npm' ? 'node_modules/@acme' : 'packages/app/node_modules/@acme';
    fs.mkdirSync(path.join(root, at), { recursive: true });
    fs.symlinkSync(path.join(root, 'packages/core'), path.join(root, at, 'core'), 'dir');
    if (manager === 'npm') fs.symlinkSync(path.join(root, 'packages/app'), path.join(root, at, 'app'), 'dir');
  }
  return root;
}

/** Writes what `tsc -p packages/core` would emit (declarations and JavaScript) for the outDir layout. */
export function buildCore(root: string): void {
  const dist = path.join(root, 'packages/core/dist');
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.d.ts'), 'export declare function createId(prefix: string): string;\n');
  fs.writeFileSync(path.join(dist, 'util.d.ts'), 'export declare function pad(s: string): string;\n');
  fs.writeFileSync(path.join(dist, 'index.js'), "exports.createId = (p) => require('./util').pad(p) + '-1';\n");
  fs.writeFileSync(path.join(dist, 'util.js'), 'exports.pad = (s) => s.trim();\n');
}
