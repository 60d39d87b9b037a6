// Bundles the extension, its graph worker, the CLI and the MCP server. Types are checked separately (npm run typecheck).
//   node esbuild.mjs                development build: sourcemaps, not minified
//   node esbuild.mjs --production   what the VSIX ships: minified, no sourcemaps
//   node esbuild.mjs --watch        rebuild on change (development settings)
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
  // TypeScript's own optional requires (source-map-support, inspector...) are guarded at run time.
  logOverride: { 'require-resolve-not-external': 'silent' },
};

/**
 * Which build of the indexer the bundles carry (src/core/indexer/cache/indexerIdentity.ts): a hash of
 * every source file WorkspaceIndex.ts reaches, as esbuild resolves them (packages excluded: the
 * TypeScript version is keyed apart). A persisted graph written by any other build is refused, so no
 * format number has to be bumped by hand. Not in --watch: the bundles hash themselves there.
 */
async function indexerIdentity() {
  const { metafile } = await esbuild.build({
    entryPoints: ['src/core/indexer/WorkspaceIndex.ts'],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    logLevel: 'silent',
  });
  const hash = createHash('sha1');
  for (const file of Object.keys(metafile.inputs).sort()) hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  return `sources ${hash.digest('hex').slice(0, 16)}`;
}
if (!watch) common.define = { TS_CODE_GRAPH_INDEXER: JSON.stringify(await indexerIdentity()) };

/**
 * The core bundle's `typescript`: the module bundledTypeScript.ts, which loads TypeScript 6 from its own
 * file beside the bundle (dist/typescript.js) when first used. A start that needs no TypeScript 6 (the
 * native compiler from the graph cache) then reads 2 MB of core, not 11 MB.
 */
const typescriptBeside = {
  name: 'typescript-beside',
  setup(build) {
    build.onResolve({ filter: /^typescript$/ }, (args) =>
      args.importer.endsWith('bundledTypeScript.ts') ? undefined : { path: join(process.cwd(), 'src/worker/bundledTypeScript.ts') },
    );
  },
};

const entries = [
  // The extension host side: thin, no TypeScript compiler inside (the worker has it).
  { entryPoints: ['src/vscode/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  // The graph worker thread of every host: a loader of a few KB (dist/worker.js) that loads the core
  // plus the bundled TypeScript (dist/workerCore.js) from V8's code cache. Never imports vscode.
  { entryPoints: ['src/worker/workerLoader.ts'], outfile: 'dist/worker.js' },
  // TypeScript 6 is not inside it: its `typescript` is bundledTypeScript.ts, which loads dist/typescript.js
  // (copied below) from the code cache at its first use.
  { entryPoints: ['src/worker/workerCore.ts'], outfile: 'dist/workerCore.js', plugins: [typescriptBeside] },
  // The ts-code-graph CLI (package.json "bin"); skipped while src/cli does not exist.
  // A small launcher (argument parsing, the worker thread); what it runs is dist/worker.js.
  { entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, optional: true },
  // The MCP server (`ts-code-graph mcp` loads it; also package.json "bin" ts-code-graph-mcp): the
  // protocol SDK and the file watcher, no compiler (it runs dist/worker.js).
  { entryPoints: ['src/mcp/main.ts'], outfile: 'dist/mcp.js', banner: { js: '#!/usr/bin/env node' } },
  // The CLI's daemon (the CLI starts it): one workspace's graph kept fresh between commands; the file
  // watcher, no compiler (it runs dist/worker.js).
  { entryPoints: ['src/daemon/main.ts'], outfile: 'dist/daemon.js' },
  // The graph view page (a webview, and inlined into the CLI's --format html file): a browser script
  // with dagre for the layout. Always minified: the CLI inlines it into every HTML file it writes.
  { entryPoints: ['src/webview/page/graphView.ts'], outfile: 'dist/graphView.js', platform: 'browser', format: 'iife', target: 'es2020', minify: true, sourcemap: false },
];

// Start clean: a production build must not ship a development build's stale sourcemaps.
if (!watch) rmSync('dist', { recursive: true, force: true });

const contexts = [];
for (const { optional, ...entry } of entries) {
  if (optional && !existsSync(entry.entryPoints[0])) {
    console.warn(`esbuild: ${entry.entryPoints[0]} does not exist yet; ${entry.outfile} not built.`);
    continue;
  }
  const options = { ...common, ...entry };
  if (watch) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
    contexts.push(ctx);
  } else {
    await esbuild.build(options);
  }
}
// The bundled compiler looks for its default library (lib.es2020.full.d.ts and the lib.*.d.ts files
// those reference) next to the executing file, i.e. here in dist/. Without them every program is built
// with no standard library: no error, and every call through an inferred type (Array callbacks,
// Promise results, Map.get) silently vanishes. Ship all of them (any tsconfig `lib` may name any);
// the core still checks every program for a missing library and fails loudly.
const tsLib = dirname(createRequire(import.meta.url).resolve('typescript/lib/typescript.js'));
mkdirSync('dist', { recursive: true });
const libFiles = readdirSync(tsLib).filter((f) => /^lib(\..+)?\.d\.ts$/.test(f));
for (const f of libFiles) copyFileSync(join(tsLib, f), join('dist', f));
// TypeScript 6 itself, beside them (bundledTypeScript.ts loads it; it finds its lib files in its own folder).
await esbuild.build({ entryPoints: [join(tsLib, 'typescript.js')], outfile: 'dist/typescript.js', bundle: false, format: 'cjs', platform: 'node', target: 'node20', minify: production, sourcemap: false, logLevel: 'warning' });

if (watch) console.log(`esbuild: watching ${contexts.length} bundles (Ctrl+C to stop)`);
