import * as fs from 'fs';
import * as path from 'path';
import { DEPENDENCY_FILES } from '../core/indexer/workspaceFiles';
import type { ChangeSink } from './watchWorkspace';

/**
 * The root's dependency manifests (package.json, the lock files), checked by their stamps at each
 * call: an install rewrites typings in node_modules, which nobody watches, and then its lock file,
 * which the watcher reports — but on a loaded machine its event can come after a call made right
 * after the install. The check reports such a write itself; the watcher's later event for the same
 * write is then dropped, so the graph is updated once. A few stats per call.
 */
export class ManifestStamps {
  private readonly stamps = new Map<string, string>();

  constructor(
    root: string,
    private readonly sink: ChangeSink,
  ) {
    for (const name of DEPENDENCY_FILES) {
      const file = path.join(root, name);
      this.stamps.set(file, stampOf(file));
    }
  }

  /** What the watcher reports, passed on, except a manifest write `check` reported already. */
  readonly watched: ChangeSink = {
    changed: (file) => {
      if (!this.stamps.has(file)) return this.sink.changed(file);
      const stamp = stampOf(file);
      if (stamp === this.stamps.get(file)) return;
      this.stamps.set(file, stamp);
      this.sink.changed(file);
    },
    deleted: (file) => {
      if (this.stamps.has(file)) this.stamps.set(file, '');
      this.sink.deleted(file);
    },
  };

  /** Reports the manifests written (or removed) since the last report; returns how many. */
  check(): number {
    let reported = 0;
    for (const [file, before] of this.stamps) {
      const now = stampOf(file);
      if (now === before) continue;
      this.stamps.set(file, now);
      if (now) this.sink.changed(file);
      else this.sink.deleted(file);
      reported++;
    }
    return reported;
  }
}

/** mtime and size; '' for a file that is not there. */
function stampOf(file: string): string {
  try {
    const s = fs.statSync(file);
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return '';
  }
}
