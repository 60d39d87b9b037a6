// Packs the VSIX files from the production build in dist/ (`npm run package` builds it first):
//   node vsix.mjs                     one per platform target, each carrying that platform's native
//                                     TypeScript 7 binary, plus a universal one without (in process)
//   node vsix.mjs --target linux-x64  that target only (comma-separated list; `universal` for the one without)
// The binary is the platform package of the pinned compiler (@typescript/typescript-<platform>@<version>,
// ~10 MB packed): taken from node_modules when it is this machine's, else fetched from the npm registry
// with `npm pack` into .cache/native-packages/ (reused). It is staged as dist/native/typescript-<platform>/
// (its package.json, lib/tsc and TypeScript 7's lib.*.d.ts beside it), where the worker looks first
// (src/core/compiler/native/nativeModules.ts), and removed again after each target.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const nativeVersion = require('@typescript/native/package.json').version;

/** VS Code's platform targets → the compiler's platform package. */
const TARGETS = {
  'linux-x64': 'linux-x64',
  'linux-arm64': 'linux-arm64',
  'darwin-x64': 'darwin-x64',
  'darwin-arm64': 'darwin-arm64',
  'win32-x64': 'win32-x64',
  'win32-arm64': 'win32-arm64',
};

const arg = process.argv.indexOf('--target');
const wanted = arg > 0 ? process.argv[arg + 1].split(',') : [...Object.keys(TARGETS), 'universal'];
for (const t of wanted) if (t !== 'universal' && !TARGETS[t]) throw new Error(`unknown target ${t} (known: ${Object.keys(TARGETS).join(', ')}, universal)`);
if (!existsSync('dist/worker.js')) throw new Error('dist/worker.js is missing: run `node esbuild.mjs --production` first (npm run package does)');

const staged = 'dist/native';
const packed = [];
try {
  for (const target of wanted) {
    rmSync(staged, { recursive: true, force: true });
    const file = target === 'universal' ? `${manifest.name}-${manifest.version}.vsix` : `${manifest.name}-${target}-${manifest.version}.vsix`;
    if (target !== 'universal') stageBinary(TARGETS[target]);
    const args = ['package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '-o', file];
    if (target !== 'universal') args.push('--target', target);
    execFileSync(process.execPath, [join('node_modules', '@vscode', 'vsce', 'vsce'), ...args], { stdio: 'inherit' });
    packed.push([file, statSync(file).size]);
  }
} finally {
  rmSync(staged, { recursive: true, force: true });
}
for (const [file, size] of packed) console.log(`${file}: ${(size / 2 ** 20).toFixed(1)} MB`);

/** dist/native/typescript-<platform>/: the platform package of the pinned compiler, unpacked. */
function stageBinary(platform) {
  const name = `@typescript/typescript-${platform}`;
  const dir = join(staged, `typescript-${platform}`);
  mkdirSync(dir, { recursive: true });
  const installed = join('node_modules', name);
  if (existsSync(join(installed, 'package.json')) && JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version === nativeVersion) {
    cpSync(installed, dir, { recursive: true });
  } else {
    const cache = join('.cache', 'native-packages');
    mkdirSync(cache, { recursive: true });
    const tgz = join(cache, `typescript-typescript-${platform}-${nativeVersion}.tgz`);
    if (!existsSync(tgz)) execFileSync('npm', ['pack', `${name}@${nativeVersion}`, '--pack-destination', cache, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync('tar', ['xzf', tgz, '-C', dir, '--strip-components=1']);
  }
  const exe = join(dir, 'lib', platform.startsWith('win32') ? 'tsc.exe' : 'tsc');
  if (!existsSync(exe)) throw new Error(`${name}@${nativeVersion} has no ${exe}`);
  if (!platform.startsWith('win32')) chmodSync(exe, 0o755);
  console.log(`staged ${name}@${nativeVersion}: ${readdirSync(dirname(exe)).length} files`);
}
