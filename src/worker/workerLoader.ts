// Entry of dist/worker.js: the graph worker thread of every host (the extension, the CLI, the MCP
// server). Nothing but the loader: it loads dist/workerCore.js (the core, the worker and the bundled
// TypeScript) from V8's code cache in `codeCacheDir` (codeCache.ts; none given: compiled from source)
// and serves the worker protocol with it. Compiling that bundle afresh cost every worker's start
// 0.15-0.4 s (a VS Code window, each CLI command, each MCP server).
import * as path from 'path';
import { parentPort, workerData } from 'worker_threads';
import { requireWithCodeCache } from './codeCache';

const data = (workerData ?? {}) as { testHooks?: boolean; codeCacheDir?: string; keepCodeCache?: 'at stop' | 'once open' };
const core = requireWithCodeCache(path.join(__dirname, 'workerCore.js'), data.codeCacheDir);
// Its compiled code is kept for the next start when the host stops the worker, or once the first folder is open (WorkerOptions.keepCodeCache).
const codeCache = data.codeCacheDir ? { compiled: core.compiled, save: () => core.saveCodeCache(), onceOpen: data.keepCodeCache === 'once open' } : undefined;
(core.exports as typeof import('./workerCore')).serveGraphWorker(parentPort!, { testHooks: !!data.testHooks, codeCache });
