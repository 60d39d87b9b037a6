import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { syncBuiltinESMExports } from 'module';

let files = 0;

/**
 * What the native compiler's process writes on stderr, kept out of ours. Its API client starts it with
 * stderr inherited, so a process stopped mid-work (disposed, cancelled, its parent exiting) printed Go's
 * "context canceled" or a panic's stack into the stderr of the CLI or the MCP server, whose stderr
 * must stay meaningful. Here it goes to a file of its own instead (unlinked at once where the system
 * allows: nothing is left behind), read after a failure for the log, and its news after each build.
 */
export class NativeStderr {
  private fd: number | undefined;
  private readonly file: string;
  private read = 0;

  constructor() {
    this.file = path.join(os.tmpdir(), `ts-code-graph-native-${process.pid}-${++files}.log`);
  }

  /** Runs `start` (which spawns the process) with the child's stderr sent to this file. */
  capture<T>(start: () => T): T {
    this.close();
    this.read = 0;
    const fd = fs.openSync(this.file, 'w+');
    this.fd = fd;
    if (process.platform !== 'win32') fs.rmSync(this.file, { force: true });
    // The client spawns through `child_process.spawn` (a property read at the call in a bundle, an ES
    // module binding out of one: syncBuiltinESMExports updates both). Restored before anything else runs.
    type Spawn = (this: unknown, command: unknown, args: unknown, options?: { stdio?: unknown[] }) => unknown;
    const childProcess = require('child_process') as { spawn: Spawn };
    const original = childProcess.spawn;
    childProcess.spawn = function (command, args, options = {}) {
      const stdio = [...(options.stdio ?? ['pipe', 'pipe', 'pipe'])];
      stdio[2] = fd;
      return original.call(this, command, args, { ...options, stdio });
    };
    syncBuiltinESMExports();
    try {
      return start();
    } finally {
      childProcess.spawn = original;
      syncBuiltinESMExports();
    }
  }

  /** What the process wrote since the last look (at most `limit` characters, the last ones). */
  news(limit = 4000): string {
    if (this.fd === undefined) return '';
    try {
      const size = fs.fstatSync(this.fd).size;
      const start = Math.max(this.read, size - limit);
      const buffer = Buffer.alloc(size - start);
      const n = fs.readSync(this.fd, buffer, 0, buffer.length, start);
      this.read = size;
      return buffer.subarray(0, n).toString('utf8').trim();
    } catch {
      return '';
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    try {
      fs.closeSync(this.fd);
      if (process.platform === 'win32') fs.rmSync(this.file, { force: true });
    } catch {
      // Already gone.
    }
    this.fd = undefined;
  }
}
