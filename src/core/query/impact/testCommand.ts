import { FoundRunner, RunnerMatch, shellWord } from './testRunners';

/**
 * The shell command that runs `selected` with `runner`, from the workspace root: in a subshell that
 * changes to the package folder when the runner runs in one (`(cd <dir> && …)`: the lines of
 * `--format tests` run one after another as a script, each from the root), else its command with one argument per test, except that a
 * folder all of whose tests (of one pattern) are selected is one argument (`'test/functional/**\/*.test.js'`
 * for mocha and node, `test/functional/` for the runners that take path patterns), and all of them
 * is the runner's own suite command. `all` is every test the runner has.
 */
export function testCommand(runner: FoundRunner, selected: readonly RunnerMatch[], all: readonly RunnerMatch[]): string {
  const chosen = new Set(selected.map((m) => `${m.pattern}\u0000${m.path}`));
  if (all.every((m) => chosen.has(`${m.pattern}\u0000${m.path}`))) return inFolder(runner.dir, runner.suiteCommand);
  const args: string[] = [];
  for (const pattern of [...new Set(selected.map((m) => m.pattern))].sort((a, b) => a - b)) {
    const paths = selected.filter((m) => m.pattern === pattern).map((m) => m.path);
    const every = all.filter((m) => m.pattern === pattern).map((m) => m.path);
    args.push(...collapsed(paths, every, (folder) => runner.folderArg(folder, pattern), (path) => runner.fileArg(path)));
  }
  return inFolder(runner.dir, `${runner.command} ${args.join(' ')}`);
}

/** `command` run from the root, in `dir` when given: a subshell, so that the next line starts from the root again. */
export function inFolder(dir: string | undefined, command: string): string {
  return dir ? `(cd ${shellWord(dir)} && ${command})` : command;
}

/**
 * One argument per path, but one per folder whose every path (of `every`) is in `paths` and that
 * holds two or more: the outermost such folder, when the runner takes a folder argument.
 */
function collapsed(paths: readonly string[], every: readonly string[], folderArg: (folder: string) => string | undefined, fileArg: (path: string) => string): string[] {
  const counts = (list: readonly string[]) => {
    const out = new Map<string, number>();
    for (const p of list) for (let at = p.indexOf('/'); at > 0; at = p.indexOf('/', at + 1)) out.set(p.slice(0, at), (out.get(p.slice(0, at)) ?? 0) + 1);
    return out;
  };
  const inAll = counts(every);
  const inPaths = counts(paths);
  const args: string[] = [];
  const done = new Set<string>();
  for (const path of [...paths].sort()) {
    let arg: string | undefined;
    for (let at = path.indexOf('/'); at > 0 && arg === undefined; at = path.indexOf('/', at + 1)) {
      const folder = path.slice(0, at);
      if (done.has(folder)) {
        arg = '';
        break;
      }
      const n = inPaths.get(folder) ?? 0;
      if (n >= 2 && n === inAll.get(folder)) {
        const folderArgument = folderArg(folder);
        if (folderArgument) {
          done.add(folder);
          arg = folderArgument;
        }
      }
    }
    if (arg === undefined) args.push(fileArg(path));
    else if (arg) args.push(arg);
  }
  return args;
}
