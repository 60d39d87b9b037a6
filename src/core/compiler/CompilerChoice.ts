import type * as TS from 'typescript';
import type { Logger } from '../Logger';
import { CompilerDefaults, compilerDefaults } from '../indexer/program/compilerDefaults';
import type { SharedCompilerHost } from '../indexer/program/SharedCompilerHost';
import { CompilerKind, CompilerPort, isCompilerProcessError } from './CompilerPort';
import { compilerKindOf, openNativeCompiler } from './chooseCompiler';
import { InProcessCompiler } from './inprocess/InProcessCompiler';

/**
 * Which compiler a workspace index uses now, and what happens when the native one fails: the work is
 * redone on a new process, and after a second failure (or when none can start) in process, for good,
 * loudly: an error in the log, and a note in the compiler line of `stats` and in the warnings.
 */
export class CompilerChoice {
  port: CompilerPort;
  /** Why the in-process compiler indexes though the native one was asked for. */
  note: string | undefined;

  constructor(
    private readonly ts: typeof TS,
    private readonly root: string,
    private readonly host: SharedCompilerHost,
    private readonly log: Logger,
    private readonly options: { compiler?: CompilerKind; typescriptPath?: string },
  ) {
    this.port = this.inProcess();
    if (compilerKindOf(options.compiler) === 'native') {
      const native = openNativeCompiler(ts, root, log);
      if ('problem' in native) this.fallBack(`the native TypeScript compiler cannot run here (${native.problem})`);
      else this.port = native;
    }
  }

  /** The failure of the native compiler's process during the last operation, even one a catch swallowed. */
  get failure(): Error | undefined {
    return (this.port as { failure?: Error }).failure;
  }

  /**
   * Runs one indexing operation; when the native compiler's process fails during it (crash, hang,
   * broken pipe) the operation is redone on a fresh process, and on a second failure in process
   * (`switched` first rewires what reads the old compiler's trees): never a lost graph.
   */
  async run<T>(operation: () => Promise<T>, switched: () => void): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await operation();
        if (this.failure) throw this.failure;
        return result;
      } catch (err) {
        const failure = isCompilerProcessError(err) ? err : this.failure;
        if (!failure || this.port.kind !== 'native') throw err;
        this.recover(failure, attempt);
        switched();
      }
    }
  }

  /** After the native compiler failed during an operation (`attempt` 0: the first time): a new process, or in process. */
  private recover(failure: Error, attempt: number): void {
    this.port.dispose();
    if (attempt > 0) return this.fallBack(`${failure.message} twice`);
    this.log.error(`${failure.message}: restarting it and redoing the work`);
    const again = openNativeCompiler(this.ts, this.root, this.log);
    if ('problem' in again) this.fallBack(`the native TypeScript compiler failed and could not restart (${again.problem})`);
    else this.port = again;
  }

  /** Whose defaults fill what the configs leave unset, and the one line naming the compiler (see compilerDefaults). */
  defaults(): CompilerDefaults {
    const port = this.port;
    const running = port.kind === 'native' ? { name: port.name, version: port.version } : undefined;
    const defaults = compilerDefaults(this.ts, this.root, running ? undefined : this.options.typescriptPath, running);
    return this.note ? { ...defaults, description: `${defaults.description}; ${this.note}` } : defaults;
  }

  private inProcess(): InProcessCompiler {
    const name = this.options.typescriptPath ? `the workspace's TypeScript ${this.ts.version} (${this.options.typescriptPath})` : `the bundled TypeScript ${this.ts.version}`;
    return new InProcessCompiler(this.ts, this.host, name);
  }

  private fallBack(why: string): void {
    this.port = this.inProcess();
    this.note = `${why}: indexed in process instead`;
    this.log.error(`${why}: indexing with ${this.port.name} in process instead`);
  }
}
