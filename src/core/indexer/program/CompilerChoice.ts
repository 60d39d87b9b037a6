import * as path from 'path';
import type * as TS from 'typescript';
import { CancelledError, type CancellationToken, type Logger } from '../../Logger';
import { CompilerPort, isCompilerProcessError, type ProjectConfig } from '../../compiler/CompilerPort';
import { CompilerMode, compilerModeOf, openNativeCompiler } from '../../compiler/chooseCompiler';
import { InProcessCompiler } from '../../compiler/inprocess/InProcessCompiler';
import { CompilerDefaults, compilerDefaults, findWorkspaceTypeScript } from './compilerDefaults';
import { readJson } from './readJson';
import type { SharedCompilerHost } from './SharedCompilerHost';
import type { WorkspacePackages } from './workspacePackages';
import { nativeGraphRisk } from './nativeGraphRisk';

/** Which compiler an 'auto' choice took for a graph and the words said of it: kept with the graph's cache (CacheSnapshot.compiler). */
export interface RememberedChoice {
  kind: 'native' | 'inprocess';
  /** The end of the compiler line. */
  why: string;
  /** What TypeScript 7 reads worse, when the graph was built with it anyway. */
  warning?: string;
}

export interface CompilerChoiceOptions {
  compiler?: CompilerMode;
  /** The workspace's own TypeScript loaded as `ts` (in process). */
  typescriptPath?: string;
  /** The package directory of the workspace's own TypeScript 7 (trusted workspaces only): run it instead of the pinned one. */
  nativeTypeScriptPath?: string;
}

/**
 * Which compiler a workspace index uses, why, and what happens when the native one fails.
 *
 * - Asked for (`TS_CODE_GRAPH_COMPILER`, `IndexOptions.compiler`): that one (native where it can run).
 * - 'auto', the default: TypeScript 7 (the workspace's own when it has one of this API, else the
 *   pinned one) wherever its binary is installed, unless these projects are where 7 is known to give a
 *   worse graph than 6 (nativeGraphRisk; never for a workspace whose own TypeScript is 7: 7's reading
 *   is its compiler's). Decided again at every full index, once the configs are read (`settle`).
 *   A start from the cache takes the choice its graph was built with (the cache remembers it) and
 *   re-indexes the files changed since with it, as an update does: the check (0.3-0.6 s on
 *   vercel/ai's 5,978 files: every own file's imports, resolved both ways) runs only when the cache
 *   cannot be used, before the full index (`confirm`).
 * - The native process failing: the work is redone on a new process, and after a second failure (or
 *   when none can start) in process, for good, loudly: an error in the log, and a note in the
 *   compiler line of `stats` and in the warnings.
 */
export class CompilerChoice {
  port: CompilerPort;
  /** Why the in-process compiler indexes though the native one was asked for (a fault): also a warning. */
  note: string | undefined;
  /** What TypeScript 7 reads worse than 6 in a workspace it indexes anyway (a few files of many): a warning. */
  private riskWarning: string | undefined;
  /** Why this compiler indexes: the end of the compiler line. */
  private why: string | undefined;
  private readonly mode: CompilerMode;
  private readonly askedBy: string | undefined;
  /** The native compiler failed twice: in process for good. */
  private failedForGood = false;
  /** The configs of a `settle` that took a remembered choice without checking (see `confirm`). */
  private unconfirmed: { configs: readonly ProjectConfig[]; workspace: WorkspacePackages | undefined } | undefined;
  /** The check ran in this session: a remembered choice is not taken again. */
  private checked = false;
  /** Why no native compiler can run here (undefined: one can). */
  private unavailable: string | undefined;
  /** Why the workspace's own TypeScript 7 is not the native compiler running (see openNativeCompiler). */
  private nativeNote: string | undefined;

  constructor(
    private readonly ts: typeof TS,
    private readonly root: string,
    private readonly host: SharedCompilerHost,
    private readonly log: Logger,
    private readonly options: CompilerChoiceOptions,
  ) {
    ({ mode: this.mode, askedBy: this.askedBy } = compilerModeOf(options.compiler));
    this.port = this.inProcess();
    if (this.mode === 'inprocess') {
      this.why = `in process, as ${this.askedBy} asks`;
      return;
    }
    const native = this.openNative();
    if ('problem' in native) {
      this.unavailable = native.problem;
      if (this.mode === 'native') this.fallBack(`the native TypeScript compiler cannot run here (${native.problem})`);
      else this.log.warn(`the native TypeScript compiler cannot run here (${native.problem}): indexing in process`);
      this.why = `in process: the native compiler cannot run here (${native.problem})`;
    } else {
      this.port = native.port;
      this.why = this.mode === 'native' ? `as ${this.askedBy} asks` : 'the default where its binary is installed';
    }
  }

  /** What the report's warnings say of the compiler: a fault it recovered from, or what 7 reads worse (undefined: nothing). */
  get warning(): string | undefined {
    return this.note ?? this.riskWarning;
  }

  /** The failure of the native compiler's process during the last operation, even one a catch swallowed. */
  get failure(): Error | undefined {
    return (this.port as { failure?: Error }).failure;
  }

  /**
   * In 'auto' mode, once the configs of a full index are read: native, or in process where TypeScript
   * 7 is known to give these projects a worse graph (see the class comment). True when the compiler
   * changed (`switched` has rewired what reads its trees; the caller reads the configs again).
   */
  settle(configs: readonly ProjectConfig[], workspace: WorkspacePackages | undefined, switched: () => void, remembered?: RememberedChoice): boolean {
    if (this.mode !== 'auto' || this.failedForGood || this.unavailable) return false;
    if (remembered && !this.checked) {
      // The cache's graph was built so: a start that loads it whole indexes nothing, and needs no check.
      this.unconfirmed = { configs, workspace };
      this.riskWarning = remembered.warning;
      this.why = remembered.why;
      this.log.info(`compiler: ${remembered.kind === 'native' ? 'native' : 'in process'}, as the cached graph was built; checked again only if the cache cannot be used`);
      return this.use(remembered.kind, switched);
    }
    this.unconfirmed = undefined;
    this.checked = true;
    const started = Date.now();
    const seven = workspaceRunsTypeScript7(this.root);
    const risk = seven ? undefined : nativeGraphRisk(this.ts, this.root, configs, workspace);
    // The denominator is the files the configs include, read before any program is built: the graph's
    // `Files` counts the files they import besides (tRPC: 975 of them, 977 in the graph).
    const worse = risk && `TypeScript 7 would give ${risk.affected.length} of the ${risk.ownFiles} file${risk.ownFiles === 1 ? '' : 's'} the configs include a worse graph than 6: ${risk.example}`;
    if (!seven) this.log.info(`compiler: checked in ${Date.now() - started} ms whether TypeScript 7 gives these projects a worse graph than 6: ${worse ?? 'no'}`);
    if (risk) this.log.info(`compiler: the ${risk.affected.length} file${risk.affected.length === 1 ? '' : 's'} TypeScript 7 reads worse: ${risk.affected.join(', ')}`);
    // In process when more than 1 file in 20 would lose edges; fewer (an example folder, a vendored
    // script) keep the native compiler's speed (~3x), with a warning naming them.
    const wanted = risk && risk.affected.length * 20 > risk.ownFiles ? 'inprocess' : 'native';
    this.riskWarning = risk && wanted === 'native' ? `${worse}${risk.affected.length > 1 ? ` (${risk.affected.slice(0, 5).join(', ')}${risk.affected.length > 5 ? ', …' : ''})` : ''}; TS_CODE_GRAPH_COMPILER=inprocess indexes with 6` : undefined;
    const why = wanted === 'inprocess' ? `in process: ${worse}` : seven ? `the workspace's own TypeScript is 7 (${seven})` : risk ? `the default where its binary is installed, though it reads ${risk.affected.length} file${risk.affected.length === 1 ? '' : 's'} otherwise than 6 (see the warnings)` : 'the default where its binary is installed';
    this.why = why;
    return this.use(wanted, switched);
  }

  /**
   * After a `settle` that took the cache's remembered choice, when the cache turned out unusable (a
   * full index follows): the check itself. True when it chose the other compiler (`switched` has run;
   * the index starts over, its configs read by the other one's defaults).
   */
  confirm(switched: () => void): boolean {
    const pending = this.unconfirmed;
    return pending ? this.settle(pending.configs, pending.workspace, switched) : false;
  }

  /** What the cache keeps of an 'auto' choice (undefined: the compiler was asked for, or a fault chose it). */
  remembered(): RememberedChoice | undefined {
    if (this.mode !== 'auto' || this.note || this.failedForGood || this.unavailable || !this.why) return undefined;
    return { kind: this.port.kind, why: this.why, ...(this.riskWarning ? { warning: this.riskWarning } : {}) };
  }

  /** Indexes with `wanted` from now on: true when the compiler changed (`switched` has run). */
  private use(wanted: 'native' | 'inprocess', switched: () => void): boolean {
    if (wanted === this.port.kind) return false;
    this.port.dispose();
    if (wanted === 'inprocess') this.port = this.inProcess();
    else {
      const native = this.openNative();
      if ('problem' in native) {
        this.unavailable = native.problem;
        return false;
      }
      this.port = native.port;
    }
    this.log.info(`compiler: ${this.why}`);
    switched();
    return true;
  }

  /**
   * Runs one indexing operation; when the native compiler's process fails during it (crash, hang,
   * broken pipe) the operation is redone on a fresh process, and on a second failure in process
   * (`switched` first rewires what reads the old compiler's trees): never a lost graph. `token`
   * reaches the native process: cancelled, it is stopped (and its programs with it).
   */
  async run<T>(operation: () => Promise<T>, switched: () => void, token?: CancellationToken): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      this.port.cancellation?.(token);
      try {
        const result = await operation();
        if (this.failure) throw this.failure;
        return result;
      } catch (err) {
        // A cancellation that stopped the native process took its programs: the next operation builds them again.
        if (err instanceof CancelledError && this.port.kind === 'native' && this.port.pid === undefined) switched();
        const failure = isCompilerProcessError(err) ? err : this.failure;
        if (!failure || this.port.kind !== 'native') throw err;
        this.recover(failure, attempt);
        switched();
      } finally {
        this.port.cancellation?.(undefined);
      }
    }
  }

  /** After the native compiler failed during an operation (`attempt` 0: the first time): a new process, or in process. */
  private recover(failure: Error, attempt: number): void {
    this.port.dispose();
    if (attempt > 0) return this.fallBack(`${failure.message} twice`);
    this.log.error(`${failure.message}: restarting it and redoing the work`);
    const again = this.openNative();
    if ('problem' in again) this.fallBack(`the native TypeScript compiler failed and could not restart (${again.problem})`);
    else this.port = again.port;
  }

  /** Whose defaults fill what the configs leave unset, and the one line naming the compiler and why (see compilerDefaults). */
  defaults(): CompilerDefaults {
    const port = this.port;
    const running = port.kind === 'native' ? { name: port.name, version: port.version } : undefined;
    const defaults = compilerDefaults(this.ts, this.root, running ? undefined : this.options.typescriptPath, running);
    const why = this.note ?? (port.kind === 'native' && this.nativeNote ? `${this.why}; ${this.nativeNote}` : this.why);
    return why ? { ...defaults, description: `${defaults.description}; ${why}` } : defaults;
  }

  private openNative(): ReturnType<typeof openNativeCompiler> {
    const opened = openNativeCompiler(this.ts, this.root, this.log, this.options.nativeTypeScriptPath);
    if (!('problem' in opened) && opened.note && opened.note !== this.nativeNote) this.log.warn(opened.note);
    if (!('problem' in opened)) this.nativeNote = opened.note;
    return opened;
  }

  private inProcess(): InProcessCompiler {
    const name = this.options.typescriptPath ? `the workspace's TypeScript ${this.ts.version} (${this.options.typescriptPath})` : `the bundled TypeScript ${this.ts.version}`;
    return new InProcessCompiler(this.ts, this.host, name);
  }

  private fallBack(why: string): void {
    this.port = this.inProcess();
    this.failedForGood = true;
    this.riskWarning = undefined;
    this.note = `${why}: indexed in process instead`;
    this.log.error(`${why}: indexing with ${this.port.name} in process instead`);
  }
}

/**
 * Whether the workspace compiles with TypeScript 7 (`node_modules/typescript` 7.x, or 7 beside 6 as
 * its release notes recommend: `@typescript/native` = `typescript@7.x` for `tsc`): where it came from, or undefined.
 */
export function workspaceRunsTypeScript7(root: string): string | undefined {
  const own = findWorkspaceTypeScript(root);
  if (own && own.major >= 7) return own.source;
  const beside = readJson(path.join(root, 'node_modules', '@typescript', 'native', 'package.json'));
  if (beside && typeof beside.version === 'string' && Number(beside.version.split('.')[0]) >= 7) return `node_modules/@typescript/native ${beside.version}`;
  return undefined;
}
