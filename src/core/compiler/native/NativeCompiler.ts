import * as childProcess from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import type * as TS from 'typescript';
import type { CancellationToken, Logger } from '../../Logger';
import { CancelledError } from '../../Logger';
import { fileStamp } from '../fileStamp';
import { CompilerProcessError, CompilerPort, CompilerProgram, ProgramRequest, ProjectConfig } from '../CompilerPort';
import { configOverrides, inferredConfigPath, scopedConfigText } from './nativeConfig';
import type { NativePackage, NativeSync } from './nativeModules';
import { NativeProgram } from './NativeProgram';
import { NativeStderr } from './NativeStderr';
import { nativeSyntax } from './nativeSyntax';
import { Overlap, overlapOf } from './overlap';
import { Watchdog } from './Watchdog';
import { scheduleAsBatch } from './batchScheduling';

type Api = InstanceType<NativeSync['API']>;
type Snapshot = ReturnType<Api['updateSnapshot']>;

/**
 * How long one request may take before the process counts as hung (a snapshot builds every program:
 * longer), read when a compiler starts: `TS_CODE_GRAPH_NATIVE_TIMEOUT_MS` sets both.
 */
function timeouts(): { query: number; snapshot: number } {
  const set = Number(process.env.TS_CODE_GRAPH_NATIVE_TIMEOUT_MS);
  return set > 0 ? { query: set, snapshot: set } : { query: 120_000, snapshot: 900_000 };
}

/**
 * What a compiler collected without dispose() (an index a host or a test dropped) leaves running: its
 * process and its watchdog. Held apart from the compiler (no path back to it, or it would never be
 * collected), and small: the compiler's programs and texts are not kept alive until the callback runs.
 */
interface Leftovers {
  child?: WeakRef<{ kill(signal?: string): boolean; exitCode: number | null; signalCode: string | null }>;
  stderr: NativeStderr;
  watchdog: Watchdog;
}
const abandoned = new FinalizationRegistry<Leftovers>((left) => {
  const child = left.child?.deref();
  // SIGKILL: the process waits out a SIGTERM while it reads its input, and nothing is left to close that.
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  left.watchdog.stop();
  left.stderr.close();
});

/**
 * The file system callbacks the process asks for, made here and not in a method: a closure made in a
 * method shares that method's scope, `this` included, and the client the process answers through
 * would keep the whole compiler alive (see `abandoned`).
 */
function virtualFs(texts: ReadonlyMap<string, string>, wanted: string) {
  if (!wanted) return undefined;
  return {
    readFile: (f: string) => texts.get(f),
    ...(wanted.includes('fileExists') ? { fileExists: (f: string) => (texts.has(f) ? true : undefined) } : {}),
  };
}

/** A folder each native process writes a Go CPU profile of its first index operation to (`go tool pprof`): for finding where its time goes. */
const CPU_PROFILE = process.env.TS_CODE_GRAPH_NATIVE_CPUPROFILE;

/** The folder of the binary `exe`, which holds its lib.*.d.ts files: as given, and as its real path when that differs (pnpm's links). */
function libraryFoldersOf(exe: string): string[] {
  const folder = path.dirname(exe).replace(/\\/g, '/');
  try {
    const real = fs.realpathSync(path.dirname(exe)).replace(/\\/g, '/');
    return real === folder ? [folder] : [folder, real];
  } catch {
    return [folder];
  }
}

/**
 * Go's collector lets the heap grow to twice what is alive before it runs again (GOGC=100). Where the
 * workspace's programs are expected to take at most a third of their memory limit, three times
 * (200): a full index was 4-11 % faster (ra-core, rxjs, hono, @loopback/repository; the collector ran
 * 0.24 s of ra-core's 1.53 s of compiler CPU, on the two cores our own work shares with it) for 2-12 %
 * more peak memory in the native process. A large workspace (payload: 450 MB more, no faster) keeps
 * the default: there memory is what runs out first.
 */
const ROOMY_GO_GC_PERCENT = '200';

/**
 * Runs `start` (which spawns the native process, inheriting our environment) with GOMEMLIMIT set to
 * `mb` and some room for its runtime: Go's collector then works harder as the process nears its share
 * of the memory budget, instead of letting its heap grow to twice what is alive; and with `roomy`, GOGC
 * above. A GOMEMLIMIT or GOGC the environment sets is kept.
 */
function withGoCollector<T>(mb: number | undefined, roomy: boolean, start: () => T): T {
  const set: string[] = [];
  if (mb !== undefined && process.env.GOMEMLIMIT === undefined) {
    process.env.GOMEMLIMIT = `${Math.round(Math.max(mb, 256) + 128)}MiB`;
    set.push('GOMEMLIMIT');
  }
  if (roomy && process.env.GOGC === undefined) {
    process.env.GOGC = ROOMY_GO_GC_PERCENT;
    set.push('GOGC');
  }
  try {
    return start();
  } finally {
    for (const name of set) delete process.env[name];
  }
}

/**
 * TypeScript 7 through its API: one native compiler process (the pinned `@typescript/native`'s
 * binary for this platform, or a trusted workspace's own TypeScript 7: see nativeModules) driven over a pipe, holding every open project's program in a snapshot.
 * A build is one `updateSnapshot` with the projects to open and the files changed since the last one;
 * the snapshot before it stays readable until the next build (an update compares old and new shapes).
 * A configuration's options that the workspace's TypeScript major fills (compilerDefaults) reach the
 * compiler through its file system callbacks, as the config's own text with them added.
 *
 * Any failure of the process (exit, crash, a request that does not come back in time: its watchdog
 * stops it, from another thread) is a CompilerProcessError: the workspace index restarts it once, then falls back to
 * the in-process compiler. A cancelled operation stops it too (the watching thread sees the token's shared
 * flag while a request blocks this one): a CancelledError, and the next build starts a new process.
 * What the process writes on stderr goes to the log, never to ours (NativeStderr).
 */
export class NativeCompiler implements CompilerPort {
  readonly kind = 'native';
  readonly version: string;
  readonly name: string;
  readonly syntax: typeof TS;
  private api: Api | undefined;
  /** The process's channel, where it can run our work while a request is answered (callWhile). */
  private overlap: Overlap | undefined;
  private current: Snapshot | undefined;
  private previous: Snapshot | undefined;
  private readonly open = new Set<string>();
  /** Config path → its text as the compiler should read it (options filled), for the file system callback. */
  private readonly virtualTexts = new Map<string, string>();
  /**
   * Config path → its `sourcePaths` (as JSON) when last built: those of a project this process opened
   * (open or closed since: it keeps the options it read) that changed need a new process (prepareConfigs).
   */
  private readonly sourcePaths = new Map<string, string>();
  /** The projects this process opened, closed since or not. */
  private readonly opened = new Set<string>();
  /** Config path → the text of a scoped program's config (buildScoped), read instead of the project's own until endScoped. */
  private readonly scopedTexts = new Map<string, string>();
  private callbacks = '';
  private changed = new Set<string>();
  private created = new Set<string>();
  private deleted = new Set<string>();
  private invalidateAll = false;
  /**
   * A config (tsconfig, one it extends, a package.json) changed: the process keeps an open project's
   * options and file list whatever the file changes say (excluding a folder changed nothing), so the
   * next build starts a new process, as a config change rebuilds every program in process too.
   */
  private configsChanged = false;
  /**
   * File → its `fileStamp` right after the build that read it (the process keeps no stamps we can
   * read), until it is reported changed or every file is read again (`stampOf`).
   */
  private readonly stamps = new Map<string, string>();
  private readonly watchdog = new Watchdog();
  /** Set once the process failed: every later call throws it. */
  failure: CompilerProcessError | undefined;
  /** Peak resident memory of the processes this port started, in bytes (read from /proc where there is one). */
  peakRss = 0;

  constructor(
    private readonly ts: typeof TS,
    private readonly root: string,
    private readonly log: Logger,
    private readonly native: NativePackage,
  ) {
    this.version = native.version;
    this.name = `TypeScript ${this.version} (native, ${native.origin})`;
    this.syntax = nativeSyntax(native);
    this.libraryFolders = libraryFoldersOf(native.exe);
    abandoned.register(this, this.leftovers, this);
  }

  private readonly timeouts = timeouts();
  /** The process's share of the memory budget (limitMemory), in MB. */
  private memoryLimitMb: number | undefined;
  /** The workspace's programs are expected to take at most a third of `memoryLimitMb` (GOGC: withGoCollector). */
  private roomy = false;
  /** The process's resident memory right after it started, in bytes. */
  private idleRss: number | undefined;
  private readonly stderr = new NativeStderr();
  private readonly leftovers: Leftovers = { stderr: this.stderr, watchdog: this.watchdog };
  /** The running operation's cancellation, if another thread can set it (see CancellationToken.shared). */
  private token: CancellationToken | undefined;
  private builds = 0;
  /** The programs of the last build. */
  private programs: NativeProgram[] = [];
  /**
   * Whether a file is one of the standard library's, as programs found it (NativeProgram.isDefaultLibraryFile):
   * a property of the path, the same in every program that holds it, so asked once per compiler
   * (payload's 151 programs asked 12,765 times, 1.9 s).
   */
  readonly libraryFiles = new Map<string, boolean>();
  /** The compiler's own folder of lib.*.d.ts files (its binary's, as given and as real path): every lib file there is the standard library's. */
  readonly libraryFolders: readonly string[];
  /** Every file a program of this process held (a save of one is a change, else a creation), released programs' too. */
  private readonly known = new Set<string>();
  /** Snapshots kept readable while `holdSnapshots` is on. */
  private holding = false;
  private held: Snapshot[] = [];

  /** The cancellation of the operation that runs now: cancelled, its requests stop the process (see Watchdog). */
  cancellation(token: CancellationToken | undefined): void {
    this.token = token;
    this.watchdog.cancelWith(token?.shared);
  }

  build(requests: ProgramRequest[], release: readonly ProjectConfig[] = []): CompilerProgram[] {
    if (this.token?.isCancellationRequested) throw new CancelledError();
    const configs = requests.map((r) => r.config);
    this.prepareConfigs(configs);
    if (this.configsChanged) {
      this.configsChanged = false;
      this.stop();
      this.changed = new Set();
      this.created = new Set();
      this.deleted = new Set();
    }
    const api = this.ensureApi();
    const paths = configs.map((c) => this.configPath(c));
    const toOpen = paths.filter((p) => !this.open.has(p));
    const toClose = release.map((c) => this.configPath(c)).filter((p) => this.open.has(p) && !paths.includes(p));
    const fileChanges = this.invalidateAll
      ? { invalidateAll: true as const }
      : { changed: [...this.changed], created: [...this.created], deleted: [...this.deleted] };
    if (this.invalidateAll) this.stamps.clear();
    else for (const f of [...this.changed, ...this.created, ...this.deleted]) this.stamps.delete(f);
    const unchanged = !this.invalidateAll && this.changed.size + this.created.size + this.deleted.size === 0;
    // The snapshot before the last is not read again: released before the process builds the next,
    // so that the programs it alone holds (projects closed by the last build) are not held through it.
    this.releaseOlder();
    const snapshot = this.call(() => api.updateSnapshot({ openProjects: toOpen, ...(toClose.length ? { closeProjects: toClose } : {}), fileChanges }), this.timeouts.snapshot);
    for (const p of toOpen) {
      this.open.add(p);
      this.opened.add(p);
    }
    for (const p of toClose) this.open.delete(p);
    this.changed = new Set();
    this.created = new Set();
    this.deleted = new Set();
    this.invalidateAll = false;
    this.advance(snapshot);
    // With no file changed, the last snapshot's programs are the new one's (no shapes to compare):
    // released now, or the projects this build closed would stay in memory until the next.
    if (unchanged) this.releaseOlder();
    this.builds++;
    this.sampleMemory();
    this.relayStderr();
    this.programs = configs.map((config, i) => {
      const project = this.call(() => snapshot.getProject(paths[i]));
      if (!project) throw new CompilerProcessError(`the native compiler opened no project for ${paths[i]}`);
      // No file changed and the project was open: its program holds the same files (payload's builds
      // of a few projects asked again for the thousands of names of every program held: 914 requests).
      const old = requests[i].old;
      const same = unchanged && !toOpen.includes(paths[i]) && old instanceof NativeProgram ? old.knownNames() : undefined;
      return new NativeProgram(this, project, this.builds, same);
    });
    // Right after the build that read them: a file rewritten during the build may be recorded with its
    // new stamp over its old text (as the lock files' hashes are taken when the cache is written).
    for (const program of this.programs) {
      for (const f of program.getSourceFileNames()) {
        this.known.add(f);
        if (!this.stamps.has(f)) this.stamps.set(f, fileStamp(f));
      }
    }
    return this.programs;
  }

  /** A new snapshot is current; the one before it stays readable until the next (the one before that is released). */
  private advance(snapshot: Snapshot): void {
    const released = this.previous;
    this.previous = this.current;
    this.current = snapshot;
    if (!released || released === this.previous || released === snapshot) return;
    if (this.holding) this.held.push(released);
    else this.call(() => released.dispose());
  }

  /** Disposes the snapshot before the current one, unless snapshots are held. */
  private releaseOlder(): void {
    const older = this.previous;
    if (this.holding || !older || older === this.current) return;
    this.previous = undefined;
    this.call(() => older.dispose());
  }

  holdSnapshots(on: boolean): void {
    this.holding = on;
    if (on) return;
    for (const s of this.held.splice(0)) if (s !== this.current && s !== this.previous && this.api && !this.failure) this.call(() => s.dispose());
  }

  /**
   * The scoped program is opened at the project's own config path, its text served by the file system
   * callback (as for filled options: the process reads a config file that exists, so it asks no
   * `fileExists` round trip per lookup). The process keeps an open project's file list whatever its
   * config's text says later, so the project's whole program is opened by a new process: endScoped
   * counts as a config change.
   */
  buildScoped(config: ProjectConfig, roots: readonly string[]): CompilerProgram | undefined {
    const p = this.configPath(config);
    // Open, its whole program is there (a scoped one ended: the next build starts a new process).
    if (!config.configPath || (this.open.has(p) && !this.configsChanged)) return undefined;
    const text = scopedConfigText(this.ts, this.root, config, roots);
    if (text === undefined) return undefined;
    this.scopedTexts.set(p, text);
    return this.build([{ config }])[0];
  }

  endScoped(): void {
    if (this.scopedTexts.size === 0) return;
    this.scopedTexts.clear();
    this.configsChanged = true;
  }

  close(config: ProjectConfig): void {
    const p = this.configPath(config);
    if (!this.open.delete(p) || !this.api || this.failure) return;
    const api = this.api;
    this.advance(this.call(() => api.updateSnapshot({ closeProjects: [p] }), this.timeouts.snapshot));
  }

  filesChanged(changed: readonly string[], deleted: readonly string[]): void {
    for (const f of changed) {
      this.deleted.delete(f);
      if (this.configures(f)) this.configsChanged = true;
      if (this.isKnown(f)) this.changed.add(f);
      else this.created.add(f);
    }
    for (const f of deleted) {
      if (this.configures(f)) this.configsChanged = true;
      this.changed.delete(f);
      this.created.delete(f);
      this.deleted.add(f);
    }
  }

  /**
   * Whether a change to `f` can change a project's configuration: a JSON file no program holds (a
   * tsconfig, jsconfig, package.json, or a config one extends by another name: the indexer's
   * REBUILD_FILE are among them). A data file a program imports (resolveJsonModule) is a file change
   * like a source's.
   */
  private configures(f: string): boolean {
    return f.endsWith('.json') && !this.isKnown(f);
  }

  dropChangedOnDisk(): string[] {
    // The compiler keeps no stamps we can read: a rebuild reads every file again.
    if (this.current) this.invalidateAll = true;
    return [];
  }

  parseFailure(): undefined {
    return undefined;
  }

  stampOf(fileName: string): string | undefined {
    return this.stamps.get(fileName);
  }

  dispose(): void {
    abandoned.unregister(this);
    this.sampleMemory();
    this.watchdog.stop();
    this.stop();
  }

  /** Stops the process (a later build starts another); what it still writes is dropped. */
  private stop(): void {
    const api = this.api;
    this.api = undefined;
    this.overlap = undefined;
    this.current = this.previous = undefined;
    this.programs = [];
    this.held = [];
    this.known.clear();
    this.open.clear();
    this.opened.clear();
    try {
      api?.close();
    } catch {
      // Already gone.
    }
    this.stderr.close();
  }

  /** Runs one request to the process; its failure (exit, crash, timeout) becomes a CompilerProcessError. */
  call<T>(request: () => T, timeoutMs = this.timeouts.query): T {
    if (this.failure) throw this.failure;
    this.watchdog.arm(timeoutMs);
    const started = performance.now();
    const tripsBefore = this.roundTrips;
    const bytesBefore = this.profile ? this.bytesReceived() : 0;
    try {
      return request();
    } catch (err) {
      if (this.watchdog.cancelled) {
        // Stopped because the operation was cancelled: no fault, and the next build starts afresh.
        this.sampleMemory();
        this.stop();
        throw new CancelledError();
      }
      const failure = this.processFailure(err);
      if (!failure) throw err;
      this.failure = failure;
      const said = this.stderr.news(2000);
      this.log.error(said ? `${failure.message}; it wrote: ${said}` : failure.message);
      throw failure;
    } finally {
      this.watchdog.disarm();
      const ms = performance.now() - started;
      const kind = timeoutMs === this.timeouts.query ? this.requests.queries : this.requests.snapshots;
      kind.count++;
      kind.ms += ms;
      if (this.profile) {
        // The request's own text names what it asks (`this.native.getTypeAtLocation(node)`).
        const key = request.toString().replace(/\s+/g, ' ').slice(0, 100);
        const entry = this.profile.get(key) ?? { count: 0, ms: 0, trips: 0, bytes: 0 };
        entry.count++;
        entry.ms += ms;
        entry.trips += this.roundTrips - tripsBefore;
        entry.bytes += this.bytesReceived() - bytesBefore;
        this.profile.set(key, entry);
      }
    }
  }

  /**
   * `request` (one request to the process), with `meanwhile` run while the process answers it: our
   * work and the compiler's at once (overlap.ts). `meanwhile` must ask the process nothing; where the
   * channel does not allow it, `meanwhile` does not run.
   */
  callWhile<T>(request: () => T, meanwhile: () => void): T {
    const overlap = this.overlap;
    return overlap ? this.call(() => overlap.run(request, meanwhile)) : this.call(request);
  }

  /** How often a `meanwhile` ran while the process answered, how often its work was dropped (it threw), how many requests it tried. */
  get overlapCounts(): Overlap['counts'] | undefined {
    return this.overlap?.counts;
  }

  /** With TS_CODE_GRAPH_NATIVE_PROFILE set: requests by what they ask, counted and timed (the log's summary lists the costliest). */
  /** The CPU profile of the current process was written (TS_CODE_GRAPH_NATIVE_CPUPROFILE). */
  private profiled = false;
  private readonly profile = process.env.TS_CODE_GRAPH_NATIVE_PROFILE ? new Map<string, { count: number; ms: number; trips: number; bytes: number }>() : undefined;
  /** With the profile on: requests written to the process so far (a call may make none, its answer cached, or several). */
  private roundTrips = 0;

  /** With the profile on: what the process has sent so far, as the API's client counts it (its getTimingInfo() would ask the process too). */
  private bytesReceived(): number {
    const timing = (this.api as unknown as { client?: { timing?: { getInfo(): { totals: { bytesReceived: number } } } } } | undefined)?.client?.timing;
    return timing?.getInfo().totals.bytesReceived ?? 0;
  }

  /** Counts the channel's requests (the profile's round trips per kind of call). */
  private countRoundTrips(): void {
    const channel = (this.api as unknown as { client?: { channel?: { requestBytesSync?: (...args: unknown[]) => unknown } } }).client?.channel;
    const original = channel?.requestBytesSync;
    if (!channel || !original) return;
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const compiler = this;
    channel.requestBytesSync = function (this: unknown, ...args: unknown[]) {
      compiler.roundTrips++;
      return original.apply(this, args);
    };
  }

  /** Requests to the process so far and the time spent waiting for them: snapshots (builds) and queries. */
  readonly requests = { snapshots: { count: 0, ms: 0 }, queries: { count: 0, ms: 0 } };

  /** For the log: where the time with the process went. */
  requestSummary(): string {
    const { snapshots: s, queries: q } = this.requests;
    const costliest = this.profile && [...this.profile].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12);
    let profile = costliest ? costliest.map(([k, v]) => `\n  ${v.count} × ${k}: ${Math.round(v.ms)} ms, ${v.trips} round trips, ${(v.bytes / 1e6).toFixed(2)} MB received`).join('') : '';
    if (this.profile && this.api) {
      // The API's own split of those round trips: the compiler's work, and the pipe's (JSON both ways).
      try {
        const t = this.api.getTimingInfo().totals;
        profile += `\n  of ${t.requestCount} round trips: ${Math.round(t.serverTimeMs)} ms in the compiler, ${Math.round(t.transportOverheadMs)} ms on the pipe (${(t.bytesSent / 1e6).toFixed(1)} MB sent, ${(t.bytesReceived / 1e6).toFixed(1)} MB received)`;
      } catch {
        // A process gone: the counts above still stand.
      }
    }
    if (CPU_PROFILE && this.api && !this.profiled) {
      // The process's first operation (a CLI run ends without stopping the process).
      this.profiled = true;
      try {
        profile += `\n  CPU profile of the native process written to ${(this.api as unknown as { internal: { stopCPUProfile(): string } }).internal.stopCPUProfile()}`;
      } catch {
        // A process gone: no profile.
      }
    }
    const o = this.overlap?.counts;
    const overlapped = o?.ran ? `, ${o.ran - o.dropped} answered while we walked the next file${o.dropped ? ` (${o.dropped} more walks needed the compiler and waited for their file's turn)` : ''}` : '';
    return `${s.count} snapshot requests in ${Math.round(s.ms)} ms, ${q.count} queries in ${Math.round(q.ms)} ms${overlapped}${profile}`;
  }

  private processFailure(err: unknown): CompilerProcessError | undefined {
    const child = this.child();
    const dead = !child || child.exitCode !== null || child.signalCode !== null || child.killed;
    const message = err instanceof Error ? err.message : String(err);
    if (!dead && !/EOF|EPIPE|ECONNRESET|closed|exited/.test(message)) return undefined;
    const why = this.watchdog.fired ? `did not answer within ${Math.round(this.watchdog.timeoutMs / 1000)} s and was stopped` : `failed (${message})`;
    return new CompilerProcessError(`the native TypeScript compiler ${why}`);
  }

  private child(): { pid?: number; exitCode: number | null; signalCode: string | null; killed: boolean } | undefined {
    return (this.api as unknown as { client?: { channel?: { child?: ReturnType<NativeCompiler['child']> } } } | undefined)?.client?.channel?.child;
  }

  /** The process's id (tests stop it to check recovery). */
  get pid(): number | undefined {
    return this.child()?.pid;
  }

  private ensureApi(): Api {
    const wanted = this.inferred() ? 'readFile,fileExists' : this.virtualTexts.size ? 'readFile' : '';
    if (this.api && wanted !== this.callbacks) {
      // The callbacks a process asks for are fixed when it starts.
      this.stop();
      this.invalidateAll = false;
    }
    if (this.api) return this.api;
    const { API } = this.native.sync;
    const fsCallbacks = virtualFs(this.virtualTexts, wanted);
    this.api = this.stderr.capture(() => withGoCollector(this.memoryLimitMb, this.roomy, () => new API({ cwd: this.root, tsserverPath: this.native.exe, ...(fsCallbacks ? { fs: fsCallbacks } : {}), ...(this.profile ? { collectTiming: true } : {}) })));
    this.callbacks = wanted;
    this.overlap = overlapOf(this.api);
    if (this.profile) this.countRoundTrips();
    if (CPU_PROFILE) {
      (this.api as unknown as { internal: { startCPUProfile(dir: string): void } }).internal.startCPUProfile(CPU_PROFILE);
      this.profiled = false;
    }
    this.letProcessExit();
    const child = this.child() as unknown as NonNullable<Leftovers['child']> extends WeakRef<infer C> ? C | undefined : never;
    this.leftovers.child = child && new WeakRef(child);
    this.open.clear();
    this.opened.clear();
    this.current = this.previous = undefined;
    const pid = this.pid;
    if (pid) this.watchdog.watch(pid);
    const notBatch = pid ? scheduleAsBatch(pid) : undefined;
    this.idleRss = undefined;
    this.idleRss = this.residentNow();
    this.watchdog.cancelWith(this.token?.shared);
    this.log.info(`native compiler started: ${this.name}, process ${pid ?? '?'}${notBatch ? ` (at the normal scheduling policy: ${notBatch})` : ''}`);
    return this.api;
  }

  /**
   * The compiler's process never keeps ours alive: a CLI run or a test ends when its work does (the
   * child then reads the end of its input and exits). Requests read and write the pipes synchronously,
   * so they need no event loop reference.
   */
  private letProcessExit(): void {
    const child = this.child() as { unref?(): void; stdin?: { unref?(): void }; stdout?: { unref?(): void } } | undefined;
    child?.unref?.();
    child?.stdin?.unref?.();
    child?.stdout?.unref?.();
  }

  private inferred(): boolean {
    for (const p of this.virtualTexts.keys()) if (p === inferredConfigPath(this.root)) return true;
    return false;
  }

  /**
   * The texts the compiler reads for configs whose options we fill or whose `sourcePaths` we add (and
   * the inferred project's, which has no file). A project's sourcePaths that changed (a source created
   * where an import waited) are a config change: the process keeps the options it read for a project.
   */
  private prepareConfigs(configs: ProjectConfig[]): void {
    for (const config of configs) {
      const p = this.configPath(config);
      const sourcePaths = JSON.stringify(config.sourcePaths ?? {});
      if (this.opened.has(p) && sourcePaths !== (this.sourcePaths.get(p) ?? '{}')) this.configsChanged = true;
      this.sourcePaths.set(p, sourcePaths);
      const text = this.scopedTexts.get(p) ?? configOverrides(this.ts, this.root, config);
      if (text === undefined) this.virtualTexts.delete(p);
      else if (this.virtualTexts.get(p) !== text) {
        if (this.virtualTexts.has(p) || this.open.has(p)) this.changed.add(p);
        this.virtualTexts.set(p, text);
      }
    }
  }

  private configPath(config: ProjectConfig): string {
    return config.configPath ?? inferredConfigPath(this.root);
  }

  /** Whether a program of this process held `f` (then a save is a change, else a creation). */
  private isKnown(f: string): boolean {
    return this.known.has(f);
  }

  /** What the process wrote on stderr since the last look, as warnings in the log. */
  private relayStderr(): void {
    const said = this.stderr.news();
    if (said) this.log.warn(`the native TypeScript compiler wrote: ${said}`);
  }

  private sampleMemory(): void {
    const pid = this.pid;
    if (!pid) return;
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(path.join('/proc', String(pid), 'status'), 'utf8'));
      if (m) this.peakRss = Math.max(this.peakRss, Number(m[1]) * 1024);
    } catch {
      // No /proc here.
    }
  }

  /**
   * What the process holds now above what it held when it started (its runtime), in bytes: its
   * resident memory from /proc where there is one, else `ps` (macOS); undefined when neither tells.
   */
  memoryNow(): number | undefined {
    const rss = this.residentNow();
    if (rss === undefined) return undefined;
    this.idleRss ??= rss;
    return Math.max(0, rss - this.idleRss);
  }

  private residentNow(): number | undefined {
    const pid = this.pid;
    if (!pid || this.failure) return undefined;
    this.sampleMemory();
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(path.join('/proc', String(pid), 'status'), 'utf8'));
      return m ? Number(m[1]) * 1024 : undefined;
    } catch {
      if (process.platform === 'win32') return undefined;
      try {
        const kb = Number(childProcess.execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8', timeout: 2000 }).trim());
        if (!(kb > 0)) return undefined;
        this.peakRss = Math.max(this.peakRss, kb * 1024);
        return kb * 1024;
      } catch {
        return undefined;
      }
    }
  }

  limitMemory(mb: number, expectedMb?: number): void {
    this.memoryLimitMb = mb;
    if (expectedMb !== undefined) this.roomy = expectedMb * 3 <= mb;
  }

  /** Peak memory of the native process so far (sampled at each build and now). */
  peakMemory(): number {
    this.sampleMemory();
    return this.peakRss;
  }
}
