import { CliDeps, runCli } from '../../src/cli/runCli';
// Graph caches and temporary workspaces in the run's own folder, never the user's (also when run without .mocharc).
import '../support/isolatedRun';

export interface CapturedRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with output captured, as a shell would see it (minus the process). */
export async function runCaptured(argv: string[], cwd: string, deps?: CliDeps): Promise<CapturedRun> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (s: string) => void (stdout += s), stderr: (s: string) => void (stderr += s), cwd };
  const code = await runCli(argv, io, deps);
  return { code, stdout, stderr };
}
