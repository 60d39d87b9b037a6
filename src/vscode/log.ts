import * as vscode from 'vscode';
import { Logger } from '../core/Logger';

/** The host's log: the core's Logger shape, written to the "TS Code Graph" LogOutputChannel. */
export interface HostLog extends Logger, vscode.Disposable {
  show(): void;
  /** The last lines written (newest last), as `[level] message`: for tests and bug reports. */
  recent(): readonly string[];
}

const KEEP_LINES = 500;

export function createHostLog(): HostLog {
  const channel = vscode.window.createOutputChannel('TS Code Graph', { log: true });
  const lines: string[] = [];
  const keep = (level: string, message: string): void => {
    lines.push(`[${level}] ${message}`);
    if (lines.length > KEEP_LINES) lines.splice(0, lines.length - KEEP_LINES);
  };
  return {
    info(message) {
      keep('info', message);
      channel.info(message);
    },
    warn(message) {
      keep('warn', message);
      channel.warn(message);
    },
    error(message) {
      keep('error', message);
      channel.error(message);
    },
    show: () => channel.show(true),
    recent: () => [...lines],
    dispose: () => channel.dispose(),
  };
}
