// Entry of dist/workerCore.js: the graph worker of every host (the core, the worker and the bundled
// TypeScript 6), loaded only in the worker's thread: each host starts dist/worker.js (workerLoader.ts)
// as the thread, which loads this bundle from V8's code cache and serves the worker protocol with it.
// The hosts' own bundles stay small; the 11 MB of this one are compiled once per cache, not per start.
export { serveGraphWorker } from './graphWorker';
