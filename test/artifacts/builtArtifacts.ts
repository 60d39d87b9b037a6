import { spawnSync } from 'child_process';
import { Worker } from 'worker_threads';
import * as fs from 'fs';
import * as path from 'path';
import { REPO_ROOT } from '../support/loadFixture';
// Graph caches and temporary workspaces in the run's own folder, never the user's (also when run without the scripts' --require).
import '../support/isolatedRun';

/**
 * What ships, not the sources: these tests run the esbuild bundles in dist/ (`npm run build`
 * first; `npm run test:artifacts` does both). A bundle can differ from the sources in ways no
 * source test sees (a missing standard library, a missing file next to the bundle).
 */
export const BUILT_CLI = path.join(REPO_ROOT, 'dist', 'cli.js');
export const BUILT_WORKER = path.join(REPO_ROOT, 'dist', 'worker.js');
/**
 * What "at once" means for a server stopping or refusing: it waits for no poll, timeout or index, which
 * takes well under a second on an idle machine; the bound leaves room for a loaded CI machine (an exit
 * seen 1,066 ms after its signal there) while a hang or a wait for the index still fails.
 */
export const PROMPTLY_MS = 3_000;

export function requireBuilt(file: string): void {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(REPO_ROOT, file)} is missing: run \`npm run build\` (or \`npm run test:artifacts\`, which builds first).`);
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built CLI as a user would: its own process, its own stack and heap. Without the persisted
 * graph unless `env` says where to keep it (tests never write to the user's cache folder).
 */
export function runBuiltCli(args: string[], cwd = REPO_ROOT, cli = BUILT_CLI, env: NodeJS.ProcessEnv = { ...process.env, TS_CODE_GRAPH_NO_CACHE: '1' }): CliRun {
  requireBuilt(cli);
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export interface BuiltWorker {
  /** One request of the worker protocol (src/worker/protocol.ts), as the extension host sends it. */
  request<T>(type: string, params: unknown): Promise<T>;
  terminate(): Promise<number>;
}

/** Starts the built graph worker (dist/worker.js) with nothing but the message protocol between us. */
export function startBuiltWorker(file = BUILT_WORKER): BuiltWorker {
  requireBuilt(file);
  const worker = new Worker(file);
  let nextId = 1;
  const pending = new Map<number, (m: { ok: boolean; value?: unknown; error?: string }) => void>();
  worker.on('message', (m: { kind: string; id: number; ok: boolean }) => {
    if (m.kind === 'response') pending.get(m.id)?.(m);
  });
  return {
    request: <T>(type: string, params: unknown) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, (m) => (m.ok ? resolve(m.value as T) : reject(new Error(m.error))));
        worker.postMessage({ kind: 'request', id, type, params });
      }),
    terminate: () => worker.terminate(),
  };
}
