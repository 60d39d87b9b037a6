import * as path from 'path';
import * as vscode from 'vscode';
import type { ImpactBase } from '../../core/query/impact/gitChanges';
import { impactQuery } from '../../core/query/impact/query';
import { GraphService } from '../graph/GraphService';
import { DrawAnswer, GraphViewPanel } from '../graphView/GraphViewPanel';
import { HostLog } from '../log';
import { DiagramAnswer, ImpactAnswer, ImpactArgs } from '../../worker/protocol';
import { ResultDocuments } from './ResultDocuments';

/** What the command did: the answer's document and graph view, or the sentence it showed instead. */
export type ImpactShown = { uri: vscode.Uri; view: GraphViewPanel } | { message: string; isError: boolean };

/** After a save, wait this long for more saves (Save All) before answering again. */
const REFRESH_DELAY_MS = 300;

/**
 * "Impact of My Changes": `ts-code-graph impact` for a workspace folder, answered by the graph worker
 * from its warm graph (git lists the changed files and gives their base versions; nothing is
 * re-indexed), shown as Markdown in VS Code's Markdown preview (the changed symbols, their dependents, then the tests) and in a graph view with the changed symbols
 * highlighted. Both answer again after each save while they are open. `arg`: the Source Control
 * view's repository (`rootUri`), a folder path or URI, or `{ folder, base }` from a script or test.
 */
export async function impactOfChanges(arg: unknown, context: vscode.ExtensionContext, service: GraphService, log: HostLog, results: ResultDocuments): Promise<ImpactShown | undefined> {
  const say = (message: string, isError: boolean): ImpactShown => {
    void (isError ? vscode.window.showWarningMessage(`TS Code Graph: ${message}`) : vscode.window.showInformationMessage(`TS Code Graph: ${message}`));
    return { message, isError };
  };
  // git runs what a repository's configuration names (fsmonitor, filters…): not in a workspace nobody trusts.
  if (!vscode.workspace.isTrusted) {
    return say('Impact of My Changes runs git in the workspace, and git can run programs a repository configures, so it is off in an untrusted workspace. Trust the workspace ("Workspaces: Manage Workspace Trust"), then run it again.', true);
  }
  const folders = vscode.workspace.workspaceFolders?.filter((f) => f.uri.scheme === 'file') ?? [];
  if (folders.length === 0) return say('Impact of My Changes compares a workspace folder\'s files with git: open a folder first.', true);
  const folder = await chooseFolder(arg, folders);
  if (!folder) return undefined;
  // The Markdown preview resolves a link starting with `/` from the first workspace folder, whatever the
  // document, and opens it at `#Lline`. Other links do not reach the code from there: its renderer drops
  // `file:` links, and its webview runs no `command:` links.
  const firstFolder = vscode.workspace.workspaceFolders?.[0];
  const args: ImpactArgs = { folder: folder.uri.fsPath, ...(baseOf(arg) ? { base: baseOf(arg) } : {}), ...(firstFolder?.uri.scheme === 'file' ? { linkFrom: firstFolder.uri.fsPath } : {}) };
  const title = `Impact of My Changes${folders.length > 1 ? ` (${folder.name})` : ''}`;

  const first = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `TS Code Graph: ${title}` }, () => service.impact(args, []));
  if (first.isMessage) return say(first.text.trim(), first.isError);
  const column = vscode.window.activeTextEditor?.viewColumn ?? vscode.ViewColumn.One;
  // The graph view first, and the Markdown preview once its page has loaded: under code-server every
  // webview shares one origin and so one service worker, and two loading at once can leave one of
  // them blank for good ("Found unexpected service worker controller").
  const view = await openImpactView(context, service, log, args, title, first.diagram);
  await Promise.race([view.loaded, new Promise((resolve) => setTimeout(resolve, PAGE_LOAD_WAIT_MS))]);
  const uri = await results.show(markdownOf(first), title, args, true, column);
  context.subscriptions.push(refreshOnSave(uri, args, service, results));
  return { uri, view };
}

/** How long the Markdown preview waits for the graph view's page to load before it opens anyway. */
const PAGE_LOAD_WAIT_MS = 10_000;

/** The graph view of a folder's impact; it draws `drawn` first (when the caller has it), then answers again after each save. */
export async function openImpactView(context: vscode.ExtensionContext, service: GraphService, log: HostLog, args: ImpactArgs, title: string, drawn?: DiagramAnswer): Promise<GraphViewPanel> {
  let ready = drawn;
  const draw: DrawAnswer = async (expansions) => {
    if (ready) {
      const answer = ready;
      ready = undefined;
      return answer;
    }
    const answer = await service.impact(args, expansions);
    return answer.diagram ?? { model: { query: impactQuery.name, title, nodes: [], edges: [], notes: [], message: { text: answer.text, isError: answer.isError }, mermaid: '' }, expansions: [] };
  };
  const view = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `TS Code Graph: drawing ${title}` }, () =>
    GraphViewPanel.open(context.extensionUri, service, log, draw, title),
  );
  context.subscriptions.push(view);
  return view;
}

/** What the result document shows: the answer's Markdown (the editor variant of `--format markdown`), or its sentence as a paragraph. */
function markdownOf(answer: ImpactAnswer): Pick<ImpactAnswer, 'text' | 'root'> {
  return { text: answer.markdown ?? answer.text, root: answer.root };
}

/** Answers again into the result document after each save, until the document is closed. */
function refreshOnSave(uri: vscode.Uri, args: ImpactArgs, service: GraphService, results: ResultDocuments): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  const refresh = async () => {
    const asked = ++generation;
    const answer = await service.impact(args);
    // An older answer arriving late never replaces a newer one; a result no longer kept stops here.
    if (asked === generation && !results.update(uri, markdownOf(answer))) stop.dispose();
  };
  const subscriptions = [
    vscode.workspace.onDidSaveTextDocument((doc) => {
      if (doc.uri.scheme !== 'file') return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void refresh(), REFRESH_DELAY_MS);
    }),
    vscode.workspace.onDidCloseTextDocument((doc) => {
      if (doc.uri.toString() === uri.toString()) stop.dispose();
    }),
  ];
  const stop = new vscode.Disposable(() => {
    if (timer) clearTimeout(timer);
    generation++;
    for (const s of subscriptions.splice(0)) s.dispose();
  });
  return stop;
}

/**
 * The folder to compare: the one `arg` names (the Source Control view passes its repository, whose
 * root may hold several folders or lie inside one), the only one, the active editor's, or the person's pick.
 */
async function chooseFolder(arg: unknown, folders: vscode.WorkspaceFolder[]): Promise<vscode.WorkspaceFolder | undefined> {
  let candidates = folders;
  const named = pathOf(arg);
  if (named) {
    const containing = deepest(named, folders);
    if (containing) return containing;
    // A repository root above the folders: the folders inside it.
    const inside = folders.filter((f) => isWithin(f.uri.fsPath, named));
    if (inside.length > 0) candidates = inside;
  }
  if (candidates.length === 1) return candidates[0];
  const active = vscode.window.activeTextEditor?.document.uri;
  const own = active?.scheme === 'file' ? deepest(active.fsPath, candidates) : undefined;
  if (own) return own;
  const picked = await vscode.window.showQuickPick(
    candidates.map((f) => ({ label: f.name, description: f.uri.fsPath, folder: f })),
    { placeHolder: 'Impact of My Changes: which workspace folder?' },
  );
  return picked?.folder;
}

function pathOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (arg instanceof vscode.Uri) return arg.scheme === 'file' ? arg.fsPath : undefined;
  if (typeof arg !== 'object' || arg === null) return undefined;
  const a = arg as { folder?: unknown; rootUri?: unknown };
  if (typeof a.folder === 'string') return a.folder;
  if (a.rootUri instanceof vscode.Uri && a.rootUri.scheme === 'file') return a.rootUri.fsPath;
  return undefined;
}

function baseOf(arg: unknown): ImpactBase | undefined {
  const base = typeof arg === 'object' && arg !== null ? (arg as { base?: ImpactBase }).base : undefined;
  return base && (base.kind === 'working-tree' || base.kind === 'staged' || (base.kind === 'ref' && typeof base.ref === 'string')) ? base : undefined;
}

function deepest(file: string, folders: readonly vscode.WorkspaceFolder[]): vscode.WorkspaceFolder | undefined {
  let best: vscode.WorkspaceFolder | undefined;
  for (const f of folders) if (isWithin(file, f.uri.fsPath) && (!best || f.uri.fsPath.length > best.uri.fsPath.length)) best = f;
  return best;
}

function isWithin(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
