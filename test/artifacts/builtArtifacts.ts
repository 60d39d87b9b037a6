import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { REPO_ROOT } from '../support/loadFixture';

/**
 * What ships, not the sources: these tests run the esbuild bundles in dist/ (`npm run build`
 * first; `npm run test:artifacts` does both). A bundle can differ from the sources in ways no
 * source test sees (a missing standard library, a missing file next to the bundle).
 */
export const BUILT_CLI = path.join(REPO_ROOT, 'dist', 'cli.js');
export const BUILT_WORKER = path.join(REPO_ROOT, 'dist', 'worker.js');

export function requireBuilt(file: string): void {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(REPO_ROOT, file)} is missing: run \`npm run build\` (or \`npm run test:artifacts\`, which builds first).`);
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI as a user would: its own process, its own stack and heap. */
export function runBuiltCli(args: string[], cwd = REPO_ROOT): CliRun {
  requireBuilt(BUILT_CLI);
  const r = spawnSync(process.execPath, [BUILT_CLI, ...args], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
