// The graph worker thread. Indexing and queries run here, never on a host's main thread, so VS Code
// stays responsive while a large workspace is indexed. Built, it is served from dist/workerCore.js by
// the loader dist/worker.js (workerLoader.ts); the compiled sources run this file as the thread.
import { MessagePort, isMainThread, parentPort, workerData } from 'worker_threads';
import { Logger } from '../core/Logger';
import { FolderGraphs } from './FolderGraphs';
import { saveLaterCodeCaches } from './laterCodeCaches';
import { watchThroughParent } from './parentWatch';
import { RequestMessage, RequestType, Requests, WorkerMessage } from './protocol';
import { sharedCancellationToken } from './sharedCancellation';

/** What the thread that serves the worker adds: the test hook, and the code cache of the core it loaded. */
export interface GraphWorkerOptions {
  /** Accept the `crash` request (only the tests' and the extension's test mode start a worker so). */
  testHooks?: boolean;
  /**
   * How the loader (workerLoader.ts) compiled the worker's core, and how to keep V8's code of it for
   * the next start: when the host stops the worker (flushCaches), or with `onceOpen` once the first
   * folder is open (the indexer's functions compiled by then: an extension window may be closed
   * without waiting for a flush).
   */
  codeCache?: { compiled: string; save(): void; onceOpen?: boolean };
}

/** The core's code for the next start, and that of the modules it loaded later (the bundled TypeScript). */
function saveCodeCaches(core: { save(): void }): void {
  core.save();
  saveLaterCodeCaches();
}

/** Answers the protocol's requests arriving on `port` (a worker thread's parentPort) until the thread ends. */
export function serveGraphWorker(port: MessagePort, options: GraphWorkerOptions = {}): void {
  const post = (message: WorkerMessage): void => port.postMessage(message);
  const log: Logger = {
    info: (message) => post({ kind: 'log', level: 'info', message }),
    warn: (message) => post({ kind: 'log', level: 'warn', message }),
    error: (message) => post({ kind: 'log', level: 'error', message }),
  };
  // The host's thread waits on this one anyway: it watches the native compilers' requests (no thread of their own).
  watchThroughParent(post);
  const graphs = new FolderGraphs(
    log,
    (key, done, total, projects) => post({ kind: 'progress', key, done, total, ...(projects ? { projects } : {}) }),
    undefined,
    (key, update) => post({ kind: 'updating', key, ...(update ? { update } : {}) }),
  );

  type Handlers = { [K in RequestType]: (params: Requests[K]['params'], id: number) => Promise<Requests[K]['result']> | Requests[K]['result'] };
  let opened = false;
  const handlers: Handlers = {
    open: async (p) => {
      const result = await graphs.open(p.folder);
      if (!opened && options.codeCache) {
        opened = true;
        if (options.codeCache.onceOpen) saveCodeCaches(options.codeCache);
        log.info(`graph worker's core ${options.codeCache.compiled === 'from cache' ? "loaded from V8's code cache" : "compiled from source (V8's code cache kept for the next start)"}`);
      }
      return result;
    },
    close: (p) => graphs.close(p.key),
    update: (p) => graphs.update(p.key, p.changed, p.deleted),
    query: (p) => graphs.query(p.args, p.tokenBudget, sharedCancellationToken(p.cancel)),
    symbols: () => graphs.symbols(),
    diagram: (p) => graphs.diagram(p.args, p.expansions),
    impact: (p) => graphs.impact(p.args, p.expansions),
    print: (p, id) => graphs.print(p.key, p.question, p.format, { whole: p.whole, first: p.first ? (text) => post({ kind: 'first', id, text }) : undefined }),
    symbolAt: (p) => graphs.symbolAt(p.file, p.line, p.word),
    flushCaches: async () => {
      await graphs.flushCaches();
      if (options.codeCache) saveCodeCaches(options.codeCache);
    },
    crash: (p) => crash(p.how, !!options.testHooks),
  };

  port.on('message', (message: RequestMessage) => void handle(message));

  async function handle(message: RequestMessage): Promise<void> {
    try {
      const handler = handlers[message.type] as (params: unknown, id: number) => unknown;
      const value = await handler(message.params, message.id);
      post({ kind: 'response', id: message.id, ok: true, value });
    } catch (err) {
      post({ kind: 'response', id: message.id, ok: false, error: err instanceof Error ? err.message : String(err) });
    }
  }
}

/** The recovery tests' way to kill this worker; only when the host started it with testHooks. */
function crash(how: 'exit' | 'throw' | 'oom', testHooks: boolean): void {
  if (!testHooks) throw new Error('crash is a test hook; this worker was not started for tests.');
  if (how === 'exit') process.exit(70);
  if (how === 'throw') setImmediate(() => {
    throw new Error('simulated crash (test hook)');
  });
  if (how === 'oom') {
    const hog: string[][] = [];
    for (;;) hog.push(new Array(1_000_000).fill('x'));
  }
}

// Run as the worker's own file (the compiled sources in tests), it serves at once; loaded by the
// loader's thread (dist/worker.js), that thread calls serveGraphWorker itself.
if (require.main === module) {
  if (isMainThread || !parentPort) throw new Error('graphWorker.js must run in a worker thread (new Worker(...)), not as a script.');
  serveGraphWorker(parentPort, { testHooks: !!(workerData as { testHooks?: boolean } | undefined)?.testHooks });
}
