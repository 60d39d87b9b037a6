// Entry of dist/worker.js: the graph worker thread. Indexing and queries run here, never on the
// extension host's main thread, so VS Code stays responsive while a large workspace is indexed.
import { parentPort, workerData } from 'worker_threads';
import { Logger } from '../core/Logger';
import { FolderGraphs } from './FolderGraphs';
import { RequestMessage, RequestType, Requests, WorkerMessage } from './protocol';
import { sharedCancellationToken } from './sharedCancellation';

const port = parentPort;
if (!port) throw new Error('graphWorker.js must run in a worker thread (new Worker(...)), not as a script.');

const post = (message: WorkerMessage): void => port.postMessage(message);
const log: Logger = {
  info: (message) => post({ kind: 'log', level: 'info', message }),
  warn: (message) => post({ kind: 'log', level: 'warn', message }),
  error: (message) => post({ kind: 'log', level: 'error', message }),
};
const graphs = new FolderGraphs(log, (key, done, total, projects) => post({ kind: 'progress', key, done, total, ...(projects ? { projects } : {}) }));

type Handlers = { [K in RequestType]: (params: Requests[K]['params']) => Promise<Requests[K]['result']> | Requests[K]['result'] };
const handlers: Handlers = {
  open: (p) => graphs.open(p.folder),
  close: (p) => graphs.close(p.key),
  update: (p) => graphs.update(p.key, p.changed, p.deleted),
  query: (p) => graphs.query(p.args, p.tokenBudget, sharedCancellationToken(p.cancel)),
  symbols: () => graphs.symbols(),
  diagram: (p) => graphs.diagram(p.args, p.expansions),
  impact: (p) => graphs.impact(p.args, p.expansions),
  symbolAt: (p) => graphs.symbolAt(p.file, p.line, p.word),
  flushCaches: () => graphs.flushCaches(),
  crash: (p) => crash(p.how),
};

/** The recovery tests' way to kill this worker; only when the host started it with testHooks. */
function crash(how: 'exit' | 'throw' | 'oom'): void {
  if (!(workerData as { testHooks?: boolean } | undefined)?.testHooks) throw new Error('crash is a test hook; this worker was not started for tests.');
  if (how === 'exit') process.exit(70);
  if (how === 'throw') setImmediate(() => {
    throw new Error('simulated crash (test hook)');
  });
  if (how === 'oom') {
    const hog: string[][] = [];
    for (;;) hog.push(new Array(1_000_000).fill('x'));
  }
}

port.on('message', (message: RequestMessage) => void handle(message));

async function handle(message: RequestMessage): Promise<void> {
  try {
    const handler = handlers[message.type] as (params: unknown) => unknown;
    const value = await handler(message.params);
    post({ kind: 'response', id: message.id, ok: true, value });
  } catch (err) {
    post({ kind: 'response', id: message.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
}
