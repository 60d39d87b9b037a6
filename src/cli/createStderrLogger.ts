import { Logger } from '../core/Logger';

/** `--verbose`: core log lines and index progress go to stderr, so stdout stays the answer alone. */
export function createStderrLogger(stderr: (s: string) => void): Logger {
  return {
    info: (message) => stderr(`${message}\n`),
    warn: (message) => stderr(`warning: ${message}\n`),
    error: (message) => stderr(`error: ${message}\n`),
  };
}

/** An `onProgress` that logs at most every 10% (and at the end), not once per file; with the projects done of all during a full index. */
export function createProgressLogger(logger: Logger): (done: number, total: number, projects?: { done: number; total: number }) => void {
  let lastDecile = -1;
  return (done, total, projects) => {
    const decile = total > 0 ? Math.floor((done * 10) / total) : 10;
    if (decile === lastDecile) return;
    lastDecile = decile;
    logger.info(`Indexing: ${done}/${total} files${projects ? `, ${projects.done}/${projects.total} projects` : ''}`);
  };
}
