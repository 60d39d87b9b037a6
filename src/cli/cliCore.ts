// Entry of dist/cliCore.js: the graph worker the CLI asks (the core and the bundled TypeScript 6),
// loaded only in that worker's thread: dist/cli.js starts dist/cliWorker.js as the thread, which loads this
// bundle from V8's code cache (cliWorker.ts) and serves the worker protocol, as dist/worker.js does for
// the other hosts. The launcher itself stays small: a query compiles the 11 MB of this bundle once.
export { serveGraphWorker } from '../worker/graphWorker';
