import type * as TS from 'typescript';
import { realPathOf } from '../workspaceRoot';

export interface MemoizedHost extends TS.ModuleResolutionHost {
  fileExists(f: string): boolean;
  /** realPathOf (workspaceRoot): the real path of a file that need not exist, by the nearest folder that does. */
  realPathOf(f: string): string;
}

/** What module resolution asks of the disk, each question answered once (for one check: the disk is taken not to change meanwhile). */
export function memoizedHost(sys: TS.System): MemoizedHost {
  const once = <T>(ask: (f: string) => T) => {
    const answers = new Map<string, T>();
    return (f: string): T => {
      if (answers.has(f)) return answers.get(f)!;
      const answer = ask(f);
      answers.set(f, answer);
      return answer;
    };
  };
  return {
    fileExists: once((f) => sys.fileExists(f)),
    directoryExists: once((f) => sys.directoryExists(f)),
    readFile: once((f) => sys.readFile(f)),
    realpath: sys.realpath && once(sys.realpath),
    realPathOf: once(realPathOf),
    getCurrentDirectory: () => sys.getCurrentDirectory(),
    getDirectories: (d) => sys.getDirectories(d),
    useCaseSensitiveFileNames: sys.useCaseSensitiveFileNames,
  };
}
