import * as path from 'path';
import { firstAnswerGraceMs, withinGrace } from '../core/query/shared/firstAnswerGrace';
import { awaitsIndexing } from '../core/query/shared/indexingNotes';
import { CodeGraph } from '../core/CodeGraph';
import type { UpdateProgress, UpdateReport } from '../core/indexer/indexWorkspace';
import { FileSourceReader, createFileSourceReader } from '../core/format/FileSourceReader';
import { answerText } from '../core/format/fitToBudget';
import { thousands } from '../core/format/thousands';
import { formatText } from '../core/format/formatText';
import { CancellationToken, Logger } from '../core/Logger';
import { QueryCancelledError } from '../core/query/QueryContext';
import { echoInput } from '../core/query/shared/echoInput';
import { diagramModel } from '../core/diagram/diagramModel';
import { mergeResults } from '../core/diagram/mergeResults';
import { neighbourhood } from '../core/diagram/neighbours';
import { QueryName, QueryResult, messageResult } from '../core/query/QueryResult';
import type { Expansion } from '../core/diagram/neighbours';
import { filesOf, runQuery, withFiles } from '../core/query/QueryRequest';
import { symbolSelector } from '../core/query/resolve/parseSymbolQuery';
import { loadTypeScript } from './loadTypeScript';
import { formatMarkdown, markdownLinkRoot } from '../core/format/formatMarkdown';
import { gitChanges } from '../core/query/impact/gitChanges';
import { impactQuery } from '../core/query/impact/query';
import { printAnswer, printedText } from './printAnswer';
import { AnswerFormat, PrintQuestion, PrintedAnswer, DiagramAnswer, FolderSpec, HostWords, ImpactAnswer, ImpactArgs, NEUTRAL_WORDS, OpenResult, QueryAnswer, QueryArgs, Requests, SymbolInfo, UpdateResult, UpdatingReport } from './protocol';
import { indexFailedText, unexpectedFailureText } from './failureTexts';
import { deepestContaining, routeFilePath } from './routeFilePath';
import { symbolAt } from '../core/graph/symbolAt';

interface FolderState {
  spec: FolderSpec;
  /** Set to stop this state's indexing when the folder is re-opened or closed (the host sets its shared flag first). */
  token: { isCancellationRequested: boolean; readonly shared?: Int32Array };
  /** Settles (never rejects) when the first index of this state ends. */
  ready: Promise<void>;
  graph?: CodeGraph;
  /** The graph while its first index still runs: queries answer from it (CodeGraph.opening). */
  early?: CodeGraph;
  /** Why there is no graph (index failed), as text a model can act on. */
  failure?: string;
  /** The last queued step (updates, and the preparation after a start from the cache): each runs after the one before. */
  chain: Promise<void>;
  /**
   * The last queued update: queries wait for it, so they see every change posted before them. Not
   * for the preparation: it changes nothing a query reads (the cache was valid), so a start from the
   * cache answers from the loaded graph while the programs are built.
   */
  answered: Promise<void>;
  /** Queries answered while the programs were being built after a start from the cache (undefined: not building them). */
  answeredWhilePreparing?: number;
  /** Updates posted and not done yet: how many, for which files, since when the first was posted. */
  updating?: Updating;
  reader: FileSourceReader;
  /** When this open started (a cut index's report counts from here). */
  started: number;
  saveTimer?: ReturnType<typeof setTimeout>;
  /** Woken at each step of the first index (a program built, a slice of files extracted): a first answer not possible yet is tried again then. */
  progressed: Set<() => void>;
}

interface Updating {
  pending: number;
  files: Set<string>;
  since: number;
  /** Reports how far it is to the host every UPDATING_REPORT_MS once it runs that long (see startUpdating). */
  reporter?: ReturnType<typeof setInterval>;
  reported?: boolean;
}

const CACHE_SAVE_DELAY_MS = 5_000;
/** An update running longer than this is shown by the host (VS Code's status bar), and again at this pace. */
const UPDATING_REPORT_MS = 1_000;
/** About how long one build of the native compiler's projects may keep a question waiting (IndexOptions.groupMs). */
const GROUP_MS = 5_000;
/** Nodes one expansion adds per level at most: a level bigger than this opens in pages (click again). */
const EXPANSION_PAGE = 250;

/** The first line of an answer given while an update runs (see updateWaitMs); `progress`: how far its re-extraction is. */
function updatingNote(updating: Updating, progress: UpdateProgress | undefined): string {
  const seconds = Math.round((Date.now() - updating.since) / 1000);
  const files = updating.files.size === 1 ? 'a changed file' : `changes to ${thousands(updating.files.size)} files`;
  const far = progress && progress.total > 0 ? `; ${thousands(progress.done)} of the ${thousands(progress.total)} files it re-indexes so far are done` : '';
  return `Updating: the graph is being brought up to date after ${files} (for ${seconds} s${far}); this answer is from the graph as the update has left it so far, and can miss or keep what the change affects. Ask again when it is done.`;
}

/**
 * How long a query waits for the updates posted before it; past that it is answered from the graph as
 * the update has left it so far, said in its first line (an export renamed in a hub of payload took
 * 74 s to update, longer than an MCP client waits for an answer). TS_CODE_GRAPH_UPDATE_WAIT_MS sets it.
 */
function updateWaitMs(env = process.env.TS_CODE_GRAPH_UPDATE_WAIT_MS): number {
  const ms = Number(env);
  return env !== undefined && env !== '' && ms >= 0 ? ms : 10_000;
}

/**
 * The worker's state: one CodeGraph per workspace folder, the order of updates and queries, and
 * the shared formatter. Knows nothing of worker_threads (graphWorker wires it to messages), so
 * plain unit tests drive it directly.
 */
export class FolderGraphs {
  private readonly folders = new Map<string, FolderState>();
  /** The words of the host that opened the folders (one host drives a worker). */
  private words: HostWords = NEUTRAL_WORDS;

  constructor(
    private readonly log: Logger,
    private readonly onProgress: (key: string, done: number, total: number, projects?: { done: number; total: number }) => void,
    /**
     * How long a query asked before its project is indexed waits for its ordinary answer before the
     * compiler's first answer (`Partial:`) is returned instead, from when it was asked (the first
     * answer's own work counts): TS_CODE_GRAPH_FIRST_ANSWER_MS, else 1 s.
     */
    private readonly firstAnswerGrace = firstAnswerGraceMs(),
    /** An update running longer than a second, every second (undefined: the folder's updates are done; see UpdatingReport). */
    private readonly onUpdating?: (key: string, update: UpdatingReport | undefined) => void,
    private readonly updatingReportMs = UPDATING_REPORT_MS,
  ) {}

  /** (Re-)index a folder from scratch; a previous index of it is cancelled and replaced. */
  async open(spec: FolderSpec): Promise<OpenResult> {
    this.close(spec.key);
    if (spec.words) this.words = spec.words;
    const log = folderLog(spec, this.log);
    const { ts, description, warning, workspacePath } = loadTypeScript(spec.tsPath);
    if (warning) log.warn(warning);
    // Which TypeScript reads the configs (and indexes in process when the native compiler cannot); the
    // compiler that builds the graph is named next ("compiler: …").
    log.info(`indexing ${spec.root}; configs read with ${description}`);
    const token = folderToken(spec.cancel);
    const state: FolderState = { spec, token, ready: Promise.resolve(), chain: Promise.resolve(), answered: Promise.resolve(), reader: createFileSourceReader(spec.root), progressed: new Set(), started: Date.now() };
    this.folders.set(spec.key, state);
    const { graph, indexed } = CodeGraph.opening({
      root: spec.root,
      first: spec.first,
      tsconfig: spec.tsconfig,
      exclude: spec.exclude,
      ts,
      typescriptPath: workspacePath,
      nativeTypeScriptPath: spec.nativePath,
      token,
      cacheDir: spec.cacheDir,
      cacheMode: spec.cacheMode,
      toolVersion: spec.toolVersion,
      logger: log,
      // Questions come while it indexes: one blocking build of the native compiler stays near this.
      ...(spec.oneQuestion ? {} : { groupMs: GROUP_MS }),
      onProgress: wake(state, throttle((done, total, projects) => this.onProgress(spec.key, done, total, projects))),
    });
    state.early = graph;
    state.ready = indexed.then(
      (graph) => void (state.graph = graph),
      (err: unknown) => {
        if (token.isCancellationRequested) return;
        state.failure = indexFailure(spec, err, this.words);
        log.error(`indexing failed: ${stack(err)}`);
      },
    );
    await state.ready;
    if (token.isCancellationRequested) throw new Error(`Indexing of ${spec.name} was superseded.`);
    if (!state.graph) throw new Error(state.failure);
    const r = state.graph.report;
    if (r.cache) log.info(`graph cache: ${r.cache === 'full' ? 'loaded whole' : 'loaded, changed files re-indexed'}`);
    // Each problem was logged once where the index found it (WorkspaceIndex).
    for (const error of r.errors) log.error(error);
    log.info(`indexed ${r.files} files in ${r.millis} ms: ${r.nodes} nodes, ${r.edges} edges (projects: ${r.projects.join(', ') || 'none'})`);
    // The CLI asks one question and exits: no update will come, so no program is built for one.
    if (r.cache === 'full' && !spec.oneQuestion) this.prepareForUpdates(state);
    return { files: r.files, symbols: countSymbols(state.graph), projects: r.projects.length, millis: r.millis, typescript: r.compiler, problems: r.problems, errors: r.errors };
  }

  close(key: string): void {
    const state = this.folders.get(key);
    if (!state) return;
    state.token.isCancellationRequested = true;
    if (state.updating) clearInterval(state.updating.reporter);
    this.folders.delete(key);
  }

  /** Queue an incremental update; queries posted later wait for it. */
  update(key: string, changed: string[], deleted: string[]): Promise<UpdateResult> {
    const state = this.folders.get(key);
    if (!state) return Promise.reject(new Error(`Unknown folder ${key}.`));
    const updating = (state.updating ??= this.startUpdating(state));
    updating.pending++;
    for (const f of [...changed, ...deleted]) updating.files.add(f);
    const done = this.enqueue(state, async (graph) => {
      const started = Date.now();
      const report = await graph.update(changed, deleted, state.token);
      folderLog(state.spec, this.log).info(`updated ${report.reindexed.length} files (${changed.length} changed, ${deleted.length} deleted) in ${Date.now() - started} ms`);
      return report;
    });
    const settled = () => {
      if (--updating.pending === 0 && state.updating === updating) this.endUpdating(state, updating);
    };
    done.then(settled, settled);
    return done;
  }

  /** The first update posted while none runs: the host hears of it once it runs longer than UPDATING_REPORT_MS. */
  private startUpdating(state: FolderState): Updating {
    const updating: Updating = { pending: 0, files: new Set(), since: Date.now() };
    if (!this.onUpdating) return updating;
    const report = this.onUpdating;
    // Fires between the update's slices (it lets the thread go every 50 ms).
    updating.reporter = setInterval(() => {
      if (state.updating !== updating) return;
      updating.reported = true;
      const progress = state.graph?.updateProgress();
      report(state.spec.key, { files: updating.files.size, seconds: Math.round((Date.now() - updating.since) / 1000), ...(progress ? { done: progress.done, total: progress.total } : {}) });
    }, this.updatingReportMs);
    updating.reporter.unref?.();
    return updating;
  }

  private endUpdating(state: FolderState, updating: Updating): void {
    state.updating = undefined;
    clearInterval(updating.reporter);
    if (updating.reported) this.onUpdating?.(state.spec.key, undefined);
  }

  /**
   * After a start from the cache, build the TypeScript programs at once (queued like an update), so
   * the first save is an ordinary update instead of re-indexing every file that depends on the saved one.
   */
  private prepareForUpdates(state: FolderState): void {
    // Queries do not wait for it (`answered`), updates do: the programs are their starting point.
    const prepare = async (graph: CodeGraph): Promise<UpdateReport> => {
      const started = Date.now();
      state.answeredWhilePreparing = 0;
      let report: UpdateReport;
      let answered: number;
      try {
        report = await graph.prepareForUpdates(state.token);
      } finally {
        answered = state.answeredWhilePreparing;
        state.answeredWhilePreparing = undefined;
      }
      const stale = report.reindexed.length ? `; ${report.reindexed.length} files changed since the cache was written, re-indexed` : '';
      const meanwhile = answered ? `; ${answered} ${answered === 1 ? 'query' : 'queries'} answered from the cached graph meanwhile` : '';
      folderLog(state.spec, this.log).info(`ready for updates in ${Date.now() - started} ms (TypeScript programs built${stale}${meanwhile})`);
      return report;
    };
    void this.enqueue(state, prepare, { answersWait: false });
  }

  /**
   * Runs `step` (an update of `state`'s graph) after every step queued before it; queries posted later
   * wait for it. A step that fails half-way leaves a graph we cannot trust: the folder is re-indexed.
   */
  private enqueue(state: FolderState, step: (graph: CodeGraph) => Promise<UpdateReport>, { answersWait = true } = {}): Promise<UpdateResult> {
    const run = async (): Promise<UpdateResult> => {
      await state.ready;
      const graph = state.graph;
      if (!graph || state.token.isCancellationRequested) return { symbols: 0, reindexed: 0, rebuilt: false, errors: [] };
      state.reader.invalidate();
      try {
        const report = await step(graph);
        if (report.reindexed.length || report.removed.length) this.saveCacheSoon(state);
        const errors = graph.errors();
        for (const error of errors) folderLog(state.spec, this.log).error(error);
        return { symbols: countSymbols(graph), reindexed: report.reindexed.length, rebuilt: false, errors };
      } catch (err) {
        // Cancelled because the folder is being re-indexed or closed: the new index has the change.
        if (state.token.isCancellationRequested) return { symbols: 0, reindexed: 0, rebuilt: false, errors: [] };
        // Correctness over speed: an update that failed half-way leaves a graph we cannot trust.
        // Queries posted from now on wait for the rebuild, even after a step they did not wait for.
        state.answered = state.chain;
        folderLog(state.spec, this.log).warn(`incremental update failed (${stack(err)}); re-indexing the folder`);
        const report = await graph.rebuild(state.token);
        return { symbols: countSymbols(graph), reindexed: report.files, rebuilt: true, errors: report.errors };
      }
    };
    const result = state.chain.then(run);
    state.chain = result.then(
      () => undefined,
      (err: unknown) => folderLog(state.spec, this.log).error(`update failed: ${stack(err)}`),
    );
    if (answersWait) state.answered = state.chain;
    return result;
  }

  /** Persist the graph once edits settle (writing it on every save would cost more than the save). */
  private saveCacheSoon(state: FolderState): void {
    if (!state.spec.cacheDir) return;
    if (state.saveTimer) clearTimeout(state.saveTimer);
    state.saveTimer = setTimeout(() => {
      state.saveTimer = undefined;
      // Never a graph an update has left half-way (it lets the thread go between slices): a file's
      // contribution is cached under its own text's hash, so a dependent extracted before the update
      // reached it would load later as current (payload: 9 calls lost). The update's end saves again.
      if (state.updating) return;
      if (!state.token.isCancellationRequested) state.graph?.saveCache();
    }, CACHE_SAVE_DELAY_MS);
    state.saveTimer.unref?.();
  }

  /** Write the caches a recent update left to `saveCacheSoon` now: the host is about to stop this worker. */
  async flushCaches(): Promise<void> {
    for (const state of [...this.folders.values()]) {
      if (!state.saveTimer) continue;
      clearTimeout(state.saveTimer);
      state.saveTimer = undefined;
      await state.chain;
      if (!state.token.isCancellationRequested) state.graph?.saveCache();
    }
  }

  /** The formatted answer; a cancelled `token` (the caller gave up) drops it before or during the work. */
  async query(args: QueryArgs, tokenBudget?: number, token?: CancellationToken): Promise<QueryAnswer> {
    const { query } = args;
    try {
      const answered = await this.answer(args, token);
      if (answered.kind === 'error') return { query, text: answered.message, isError: true, ...(answered.root === undefined ? {} : { root: answered.root }) };
      const { state, result } = answered;
      const text = await answerText(result, state.reader, tokenBudget);
      return { query, text, isError: result.kind === 'message' && result.isError, root: state.spec.root };
    } catch (err) {
      if (err instanceof QueryCancelledError) {
        this.log.info(`${query} cancelled by its caller; not answered`);
        return { query, text: 'Cancelled.', isError: true };
      }
      return { query, text: this.unexpected(query, err), isError: true };
    }
  }

  /**
   * The graph view's drawing: the same QueryResult the text comes from, grown by each expanded
   * node's missing neighbours in one direction (mergeResults), as a diagram model with hover
   * snippets and exact per-direction `+N` counts (diagramModel).
   */
  async diagram(args: QueryArgs, expansions: Expansion[]): Promise<DiagramAnswer> {
    try {
      const answered = await this.answer(args);
      if (answered.kind === 'error') return failedDrawing(args.query, answered.message);
      return this.drawing(answered.state, answered.graph, answered.result, expansions);
    } catch (err) {
      return failedDrawing(args.query, this.unexpected(args.query, err, true));
    }
  }

  /** `base` drawn, grown by each expansion (the graph view's model of an answer). */
  private drawing(state: FolderState, graph: CodeGraph, base: QueryResult, expansions: Expansion[]): DiagramAnswer {
    const kept: Expansion[] = [];
    const more: QueryResult[] = [];
    const drawn = new Set(base.kind === 'graph' ? base.nodes.map((n) => n.id) : []);
    for (const e of expansions) {
      const node = graph.graph.getNode(e.id);
      // An external node too: its badge counts the workspace's symbols that use it, and opens them.
      if (!node) continue;
      // Exactly the node's missing neighbours in that direction, `depth` levels deep (the steps the
      // queries take), not a whole new 50-node query: what its `+N` badge promised.
      const direction = e.direction;
      const depth = Number.isInteger(e.depth) && e.depth > 0 ? e.depth : 1;
      const found = neighbourhood(graph.graph, e.id, direction, depth, EXPANSION_PAGE * depth, drawn);
      for (const n of found.nodes) drawn.add(n.id);
      const added: QueryResult =
        found.edges.length > 0
          ? { kind: 'graph', query: base.query, inputs: [e.id], nodes: [node, ...found.nodes], edges: found.edges }
          : messageResult(base.query, 'nothing more', false, [e.id]);
      if (added.kind === 'graph' && found.left > 0) added.truncation = { shownNodes: found.nodes.length, totalNodes: found.nodes.length + found.left, cutAt: { [e.id]: found.left } };
      more.push(added);
      kept.push(e);
    }
    // No reserve: the view asks this worker for a badge's neighbours (exact, and kept across redraws).
    const model = diagramModel(mergeResults(base, more), { source: state.reader, graph: graph.graph, reserve: false });
    return { model, root: state.spec.root, expansions: kept };
  }

  /**
   * What the folder's changes affect (`ts-code-graph impact`), from this worker's graph as it is
   * after every update posted before: git lists the changed files and gives their base versions
   * (core/impact/gitChanges), the core compares and walks (the impact query). Nothing is re-indexed.
   */
  async impact(args: ImpactArgs, expansions?: Expansion[]): Promise<ImpactAnswer> {
    const folder = deepestContaining(args.folder, this.specs());
    const state = folder && this.folders.get(folder.key);
    // No answer: the text says why, and so does the view when one was asked for.
    const failed = (text: string, root?: string): ImpactAnswer => ({
      text,
      isError: true,
      isMessage: true,
      ...(root === undefined ? {} : { root }),
      ...(expansions ? { diagram: failedDrawing(impactQuery.name, text) } : {}),
    });
    if (!state) return failed(`${args.folder} is in no indexed workspace folder: impact compares the files of a folder TS Code Graph indexes.`);
    const root = state.spec.root;
    try {
      await state.ready;
      await state.answered;
      if (!state.graph) return failed(state.failure ?? indexFailure(state.spec, undefined, this.words), root);
      const listed = gitChanges(root, args.base ?? { kind: 'working-tree' });
      if ('error' in listed) return failed(listed.error, root);
      const result = state.graph.answer({ query: impactQuery.name, changes: listed.changes, base: listed.base });
      const isMessage = result.kind === 'message';
      const answer: ImpactAnswer = { text: formatText(result, state.reader), isError: isMessage && result.isError, isMessage, root };
      if (!isMessage) answer.markdown = formatMarkdown(result, 'editor', args.linkFrom === undefined ? undefined : markdownLinkRoot(args.linkFrom, root));
      if (expansions) answer.diagram = this.drawing(state, state.graph, result, expansions);
      return answer;
    } catch (err) {
      return failed(this.unexpected(impactQuery.name, err), root);
    }
  }

  /**
   * `question` on folder `key` as a host prints it (see the `print` request). A `whole` query is
   * answered as soon as no project left to index can change it; `first` hears the compiler's first
   * answer when the full one takes longer than the grace.
   */
  async print(key: string, question: PrintQuestion, format: AnswerFormat, options: { whole?: boolean; first?: (text: string) => void } = {}): Promise<PrintedAnswer> {
    const state = this.folders.get(key);
    if (!state) return { kind: 'failed', text: `Unknown folder ${key}.` };
    const what = question.kind === 'query' ? question.args.query : question.kind === 'changes' ? impactQuery.name : question.kind;
    try {
      const graph = question.kind === 'query' && options.whole ? await this.wholeAnswerGraph(state, question.args, options.first) : await this.wholeGraph(state);
      if (!graph) return { kind: 'failed', text: state.failure ?? indexFailure(state.spec, undefined, this.words) };
      return await printAnswer(graph, question, format, state.reader);
    } catch (err) {
      return { kind: 'failed', text: this.unexpected(what as QueryName, err) };
    }
  }

  /** The folder's graph once its index and every update posted before are done (undefined: the index failed). */
  private async wholeGraph(state: FolderState): Promise<CodeGraph | undefined> {
    await state.ready;
    await state.answered;
    return state.graph;
  }

  /**
   * The graph a one-shot answer to `args` comes from, while the folder's first index runs: the query's
   * files' projects are indexed first, and once no project left can change the answer the rest is
   * dropped (no cache written: it holds whole graphs only). On payload (174 projects) a query of one
   * package answers before the other 170 projects are built.
   */
  private async wholeAnswerGraph(state: FolderState, args: QueryArgs, first?: (text: string) => void): Promise<CodeGraph | undefined> {
    const graph = state.early;
    if (!graph || state.graph || state.failure !== undefined) return this.wholeGraph(state);
    const files = filesOf(args);
    let done = false;
    const settled = state.ready.then(() => void (done = true));
    const deadline = Date.now() + this.firstAnswerGrace;
    const early = first ? graph.firstAnswer(args) : undefined;
    const wanted = Promise.race([graph.prioritize(files), settled]);
    if (early && !(await withinGrace(wanted, deadline - Date.now()))) {
      first!(await printedText(early, state.reader));
      this.log.info(`First answer (partial, from the compiler) after ${Date.now() - state.started} ms; indexing on for the full one`);
    }
    await wanted;
    for (let tried = 0; !done; ) {
      // Every project is indexed: what is left (ownership, warnings, the cache) is the index's to finish.
      if (!graph.indexing) break;
      if (Date.now() - tried >= RETRY_MS) {
        tried = Date.now();
        const result = runQuery(graph, args);
        // Its file's project not indexed yet (a file no config lists, pulled in by another): wait on.
        const notYet = result.kind === 'message' && result.message.includes('is not indexed yet');
        if (!awaitsIndexing(result) && !notYet) break;
      }
      await nextStep(state);
    }
    const walking = graph.indexing;
    // Every project is indexed (the last one's answer was complete): finishing costs the ownership pass
    // and the cache write only, which the next run reads.
    if (done || !walking || walking.projectsDone >= walking.projectsTotal) return this.wholeGraph(state);
    state.token.isCancellationRequested = true;
    await state.ready;
    // Done before the cancellation landed: the whole graph, report, warnings and cache included.
    if (state.graph) return state.graph;
    this.log.info(`Answered after indexing ${walking.projectsDone} of ${walking.projectsTotal} projects: no other project can change what it calls (overrides there are noted in it). The rest was not indexed, and the cache not written.`);
    const { nodes, edges, edgesByType } = graph.graph.stats();
    graph.report = { ...graph.report, files: graph.graph.files().length, nodes, edges, edgesByType, millis: Date.now() - state.started, errors: graph.errors() };
    return graph;
  }

  async symbols(): Promise<SymbolInfo[]> {
    const list: SymbolInfo[] = [];
    for (const state of [...this.folders.values()]) {
      await state.ready;
      await state.answered;
      for (const n of state.graph?.graph.allNodes() ?? []) {
        if (n.external || n.kind === 'module') continue;
        list.push({ name: n.name, kind: n.kind, file: n.file, offset: n.offset, limit: n.limit, folder: state.spec.name, root: state.spec.root });
      }
    }
    return list.sort((a, b) => a.folder.localeCompare(b.folder) || a.file.localeCompare(b.file) || a.offset - b.offset);
  }

  async symbolAt(file: string, line: number, word?: string): Promise<Requests['symbolAt']['result']> {
    const folder = deepestContaining(file, this.specs());
    const state = folder && this.folders.get(folder.key);
    if (!state) return undefined;
    await state.ready;
    await state.answered;
    const graph = state.graph?.graph;
    if (!graph) return undefined;
    const rel = state.graph?.relativePath(file);
    if (rel === undefined) return undefined;
    const node = symbolAt(graph, rel, line, word);
    if (!node) return undefined;
    // Same-named declarations in one file (overloads, static + instance): the core's `name:line` form picks one.
    return { file_path: rel, symbol: symbolSelector(node, graph.nodesInFile(rel)), root: state.spec.root };
  }

  /** An unexpected error while answering (or drawing) `query`: logged with its stack, worded for the host. */
  private unexpected(query: QueryName, err: unknown, draw = false): string {
    this.log.error(`${draw ? 'diagram of ' : ''}${query} failed: ${stack(err)}`);
    return unexpectedFailureText(query, errorMessage(err), this.words, draw);
  }

  private specs(): FolderSpec[] {
    return [...this.folders.values()].map((s) => s.spec);
  }

  /**
   * The query's result on its folder's graph, once the index and every update sent before it are
   * done; or why there is none (a path in no folder, an index that failed).
   */
  private async answer(args: QueryArgs, token?: CancellationToken): Promise<{ kind: 'ok'; state: FolderState; graph: CodeGraph; result: QueryResult } | { kind: 'error'; message: string; root?: string }> {
    const files = filesOf(args);
    const target = files.length === 2 ? this.routePair(files[0], files[1]) : this.route(files[0] ?? '');
    if (target.kind === 'error') return target;
    const state = target.state;
    // While the first index runs, before the query's project is indexed: the compiler's first answer
    // (its direct neighbours, `Partial:` in its first line), at once. Else its files' projects (and
    // what they import) are indexed next, and the answer comes from them, its first line saying when
    // a project not indexed yet can change it.
    if (state.early && !state.graph) {
      const early = state.early;
      const deadline = Date.now() + this.firstAnswerGrace;
      const tryFirst = () => (token?.isCancellationRequested ? undefined : early.firstAnswer(withFiles(args, target.paths), FIRST_ANSWER_THEN));
      let first = tryFirst();
      let settled = false;
      const ordinary = Promise.race([early.prioritize(target.paths), state.ready]).then(() => void (settled = true));
      // The query's program not built yet (the walk was busy elsewhere when it came): it is built next
      // (prioritize), and the first answer is tried again at each step of the walk until then, rather
      // than waiting for the project and all it imports to be indexed (38 s on payload).
      while (!first && !settled && !token?.isCancellationRequested) {
        await Promise.race([ordinary, nextStep(state)]);
        if (!settled) first = tryFirst();
      }
      // A small workspace's ordinary answer comes within the grace: no partial one then.
      if (first && !(await withinGrace(ordinary, deadline - Date.now()))) return { kind: 'ok', state, graph: early, result: first };
      await ordinary;
    }
    else await state.ready;
    let updated = await withinGrace(state.answered, updateWaitMs());
    if (!updated && !state.updating) {
      // Not an update that keeps it (a folder re-indexed after an update failed): waits for all of it.
      await state.answered;
      updated = true;
    }
    // Cancelled while it waited for the index or for updates: the work is not started.
    if (token?.isCancellationRequested) throw new QueryCancelledError();
    const graph = state.graph ?? (state.failure === undefined ? state.early : undefined);
    if (!graph) return { kind: 'error', message: state.failure ?? indexFailure(state.spec, undefined, this.words), root: state.spec.root };
    let result = run(graph, args, target.paths, token);
    if (!updated && result.kind === 'message' && result.isError) {
      // Bad input for the graph so far (an unknown symbol or file): the update may be what brings it
      // (an edit undone brings a name back), so it waits once more, as long again.
      updated = await withinGrace(state.answered, updateWaitMs());
      if (token?.isCancellationRequested) throw new QueryCancelledError();
      result = run(graph, args, target.paths, token);
    }
    // A long update still running: the answer is the graph as it has left it so far, said so.
    const updating = updated ? undefined : state.updating;
    if (updating) result = { ...result, notes: [updatingNote(updating, graph.updateProgress()), ...(result.notes ?? [])] };
    if (state.answeredWhilePreparing !== undefined) state.answeredWhilePreparing++;
    return { kind: 'ok', state, graph, result };
  }

  private route(filePath: string): { kind: 'ok'; state: FolderState; paths: string[] } | { kind: 'error'; message: string } {
    const route = routeFilePath(filePath, this.specs());
    if (route.kind === 'error') return route;
    return { kind: 'ok', state: this.folders.get(route.folder.key)!, paths: [route.filePath] };
  }

  private routePair(from: string, to: string): { kind: 'ok'; state: FolderState; paths: string[] } | { kind: 'error'; message: string } {
    const a = this.route(from);
    if (a.kind === 'error') return a;
    const b = this.route(to);
    if (b.kind === 'error') return b;
    if (a.state !== b.state) {
      return {
        kind: 'error',
        message: `No path found: ${echoInput(from)} (folder ${a.state.spec.name}) and ${echoInput(to)} (folder ${b.state.spec.name}) are in different workspace folders, and each folder is indexed as its own graph. Ask about two symbols of the same folder.`,
      };
    }
    return { kind: 'ok', state: a.state, paths: [a.paths[0], b.paths[0]] };
  }
}

/** How often a `whole` answer is tried again while the index runs (each try is a query on the partial graph). */
const RETRY_MS = 500;

/** What completes a first answer for a tool (one answer per call): asking again. */
const FIRST_ANSWER_THEN = 'ask again for the full graph (being indexed)';

/** The graph view's drawing of no answer: `text` says why. */
function failedDrawing(query: QueryName, text: string): DiagramAnswer {
  return { model: diagramModel(messageResult(query, text, true)), expansions: [] };
}

/** The request with its file paths made folder-relative by routing. */
function run(graph: CodeGraph, args: QueryArgs, paths: string[], token?: CancellationToken): QueryResult {
  return runQuery(graph, withFiles(args, paths), token);
}

/** What the status bar calls symbols: declarations of the workspace (no module nodes, no library leaves). */
function countSymbols(graph: CodeGraph): number {
  let n = 0;
  for (const node of graph.graph.allNodes()) if (!node.external && node.kind !== 'module') n++;
  return n;
}

function indexFailure(spec: FolderSpec, err: unknown, words: HostWords): string {
  const why = err === undefined ? 'it did not finish' : errorMessage(err);
  return indexFailedText(spec.name, why, words);
}

/** A folder's log lines: with its name first, unless its host has one folder and says so (FolderSpec.plainLog). */
function folderLog(spec: FolderSpec, log: Logger): Logger {
  if (spec.plainLog) return log;
  const name = spec.name;
  return {
    info: (m) => log.info(`[${name}] ${m}`),
    warn: (m) => log.warn(`[${name}] ${m}`),
    error: (m) => log.error(`[${name}] ${m}`),
  };
}

type Progress = (done: number, total: number, projects?: { done: number; total: number }) => void;

/** At most one progress message per 100 ms (plus the final one): a big index must not flood the host. */
/** The index's progress reports, which also wake what waits for the walk's next step (nextStep). */
function wake(state: FolderState, report: Progress): Progress {
  return (done, total, projects) => {
    for (const resolve of state.progressed) resolve();
    state.progressed.clear();
    report(done, total, projects);
  };
}

/** Settles at the first index's next step (or when it ends). */
function nextStep(state: FolderState): Promise<void> {
  return Promise.race([new Promise<void>((resolve) => state.progressed.add(resolve)), state.ready]);
}

function throttle(report: Progress): Progress {
  let last = 0;
  return (done, total, projects) => {
    const now = Date.now();
    if (done < total && now - last < 100) return;
    last = now;
    report(done, total, projects);
  };
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message.replace(/\.$/, '') : String(err);
}

function stack(err: unknown): string {
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}

/**
 * A folder's cancellation: set here when the folder is closed or re-opened, or by the host through the
 * spec's shared buffer (seen by the native compiler's watchdog while a request blocks this thread).
 */
function folderToken(buffer: SharedArrayBuffer | undefined): { isCancellationRequested: boolean; readonly shared?: Int32Array } {
  const shared = buffer ? new Int32Array(buffer) : undefined;
  let set = false;
  return {
    shared,
    get isCancellationRequested() {
      return set || (!!shared && Atomics.load(shared, 0) !== 0);
    },
    set isCancellationRequested(value: boolean) {
      set = value;
      if (value && shared) Atomics.store(shared, 0, 1);
    },
  };
}
