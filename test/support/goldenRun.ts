import * as path from 'path';
import { CapturedRun } from '../cli/runCaptured';

/**
 * One readable file per run: the command, the exit code, then stdout and stderr (each only when
 * non-empty). The fixture's absolute path becomes `<root>` so goldens match on every machine.
 */
export function formatGoldenRun(argv: string[], run: CapturedRun, root: string): string {
  const parts = [`$ ts-code-graph ${argv.map(quote).join(' ')}`, `exit code: ${run.code}`];
  if (run.stdout) parts.push('---- stdout ----', withoutRoot(run.stdout, root).replace(/\n$/, ''));
  if (run.stderr) parts.push('---- stderr ----', withoutRoot(run.stderr, root).replace(/\n$/, ''));
  return parts.join('\n') + '\n';
}

function withoutRoot(text: string, root: string): string {
  const posix = root.split(path.sep).join('/');
  return text.split(root).join('<root>').split(posix).join('<root>');
}

function quote(arg: string): string {
  return /^[\w./@#:=-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
