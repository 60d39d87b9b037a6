// Entry of dist/cliWorker.js: the graph worker thread of the CLI and of the npm package's MCP server.
// Nothing but the loader: it loads dist/cliCore.js (the core, the worker and the bundled TypeScript)
// from V8's code cache (codeCache.ts) and serves the worker protocol with it. A thread of the 190 KB
// launcher (dist/cli.js) instead compiled and ran all of the launcher first: 10-20 ms of every command.
import * as path from 'path';
import { parentPort, workerData } from 'worker_threads';
import { requireWithCodeCache } from '../worker/codeCache';

const data = (workerData ?? {}) as { testHooks?: boolean; codeCacheDir?: string };
const core = requireWithCodeCache(path.join(__dirname, 'cliCore.js'), data.codeCacheDir);
// Its compiled code is kept when the host stops the worker (flushCaches), for the next command.
(core.exports as typeof import('./cliCore')).serveGraphWorker(parentPort!, { testHooks: !!data.testHooks, afterFlush: () => core.saveCodeCache() });
