import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

/**
 * A real npm workspace for the graph-view tests at real sizes (test/html, test/host): ra-core 5.4.0,
 * react-admin's headless core, published with its TypeScript sources (483 .ts/.tsx files with its
 * tests and stories; about 2,800 symbols), pinned by exact version, its imports' packages pinned too
 * (the list bench/run.ts uses), so receivers' types are really inferred as in a user's editor.
 *
 * Fetched from the npm registry (`npm pack`, `npm install`) the first time into
 * `.cache/real-workspaces/` (gitignored) and reused: nothing vendored, never GitHub. A download of
 * about 10 MB (84 MB unpacked) that took 5 s here. Plain Node APIs only: test/host/runTests.js
 * requires the compiled file before it starts code-server.
 */
export interface RealWorkspace {
  /** Absolute root: the package's folder, holding src/, tsconfig.json and node_modules/. */
  root: string;
  name: string;
}

export const REAL_PACKAGE = 'ra-core@5.4.0';
export const REAL_DEPS = [
  'react@18.3.1', 'react-dom@18.3.1', '@types/react@18.3.31', '@types/react-dom@18.3.7', 'react-hook-form@7.92.0', 'react-router@6.30.6',
  'react-router-dom@6.30.6', '@tanstack/react-query@5.108.0', 'lodash@4.18.1', '@types/lodash@4.17.27', 'query-string@7.1.3', 'date-fns@3.6.0',
  'eventemitter3@5.0.4', 'inflection@3.0.2', 'clsx@2.1.1', 'react-error-boundary@4.1.2', 'react-is@18.3.1', '@types/react-is@18.3.1',
];
/** ra-core ships no tsconfig: the options its own repository builds with. */
const TSCONFIG = {
  compilerOptions: { target: 'ES2020', module: 'ESNext', moduleResolution: 'node', jsx: 'react-jsx', strict: true, esModuleInterop: true, skipLibCheck: true, lib: ['ES2020', 'DOM', 'DOM.Iterable'] },
  include: ['src'],
};

const REPO = findRepo(__dirname);
export const REAL_CACHE = process.env.REAL_WORKSPACE_CACHE || path.join(REPO, '.cache', 'real-workspaces');

/** The workspace, downloaded once (a marker file says a download finished); throws a clear message when npm cannot fetch it. */
export function ensureRealWorkspace(): RealWorkspace {
  const dir = path.join(REAL_CACHE, REAL_PACKAGE.replace(/^@/, '').replace(/[/@]/g, '-'));
  const root = path.join(dir, 'package');
  const marker = path.join(dir, '.ready');
  const want = JSON.stringify({ pkg: REAL_PACKAGE, deps: REAL_DEPS, tsconfig: TSCONFIG });
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === want) return { root, name: REAL_PACKAGE };
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const quiet = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  try {
    const tgz = execFileSync(npm, ['pack', REAL_PACKAGE, '--silent'], { cwd: dir, env: quiet, encoding: 'utf8' }).trim().split('\n').pop()!;
    execFileSync('tar', ['xzf', tgz], { cwd: dir });
    fs.rmSync(path.join(dir, tgz));
    fs.writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    // Only the pinned list, not the package's own ranges: the same tree every run.
    fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'real-workspace', private: true }));
    execFileSync(npm, ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock', '--save-exact', ...REAL_DEPS], { cwd: root, env: quiet, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (e) {
    throw new Error(`could not fetch the real workspace ${REAL_PACKAGE} from the npm registry into ${dir}: ${(e as Error).message.split('\n')[0]}. The graph-view tests at real sizes need the npm registry once; later runs reuse the folder.`);
  }
  fs.writeFileSync(marker, want);
  return { root, name: REAL_PACKAGE };
}

function findRepo(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.existsSync(path.join(dir, 'src', 'core'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no repository root above ${from}`);
    dir = up;
  }
  return dir;
}

/**
 * A package as published, pinned by exact version (`ra-core@4.16.20`): fetched once with `npm pack`
 * into REAL_CACHE and unpacked; returns the unpacked folder (`…/package`). For histories made of
 * real releases (issue 41's impact at real size): nothing vendored, never GitHub.
 */
export function packedPackage(spec: string): string {
  const dir = path.join(REAL_CACHE, `packed-${spec.replace(/^@/, '').replace(/[/@]/g, '-')}`);
  const root = path.join(dir, 'package');
  const marker = path.join(dir, '.ready');
  if (fs.existsSync(marker)) return root;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  try {
    const tgz = execFileSync(npm, ['pack', spec, '--silent'], { cwd: dir, env: { ...process.env, npm_config_update_notifier: 'false' }, encoding: 'utf8' }).trim().split('\n').pop()!;
    execFileSync('tar', ['xzf', tgz], { cwd: dir });
    fs.rmSync(path.join(dir, tgz));
  } catch (e) {
    throw new Error(`could not fetch ${spec} from the npm registry into ${dir}: ${(e as Error).message.split('\n')[0]}. This test needs the npm registry once; later runs reuse the folder.`);
  }
  fs.writeFileSync(marker, spec);
  return root;
}

/** The compiler options ra-core's own repository builds with (it ships no tsconfig). */
export const REAL_TSCONFIG = TSCONFIG;
