// A graph worker for test/cli/askThroughKit.test.ts: it takes every request and answers none; asked
// to `print`, it dies the way a crashed worker does (exit code 70).
import { parentPort } from 'worker_threads';
import type { RequestMessage } from '../../src/worker/protocol';

parentPort!.on('message', (message: RequestMessage) => {
  if (message.type === 'print') process.exit(70);
});
