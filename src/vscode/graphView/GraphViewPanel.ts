import { existsSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { DiagramModel } from '../../core/diagram/diagramModel';
import { graphViewHtml } from '../../webview/graphViewHtml';
import type { Expansion, FromPage, ToPage } from '../../webview/messages';
import { isRelevantFile } from '../graph/ChangeWatcher';
import { GraphService } from '../graph/GraphService';
import { HostLog } from '../log';
import { DiagramAnswer, QueryArgs } from '../../worker/protocol';
import { editorRangeAt } from '../editorLines';

/** Another answer to draw than a query's (impact): the drawing grown by `expansions`, asked again after each save. */
export type DrawAnswer = (expansions: Expansion[]) => Promise<DiagramAnswer>;

function defaultImageFolder(): vscode.Uri {
  const downloads = path.join(os.homedir(), 'Downloads');
  return vscode.Uri.file(existsSync(downloads) ? downloads : os.homedir());
}

/** After a save, wait this long for more saves (Save All) before redrawing once. */
const REDRAW_DELAY_MS = 300;
/** "Show more": levels opened from each queried symbol (the worker keeps up to 250 nodes a level). */
const WHOLE_DEPTH = 30;

/**
 * One graph view: a webview panel drawing one answer. A new panel per command, not one reused:
 * a person compares "dependents of A" with "dependencies of B" side by side, and each panel keeps
 * its own expansions. The drawing is computed in the graph worker (`diagram` request) and redrawn
 * after every save, so it is as fresh as the tools' answers.
 */
export class GraphViewPanel implements vscode.Disposable {
  private expansions: Expansion[] = [];
  /** The folder of the last saved image, this session (every panel). */
  private static lastSaveFolder: vscode.Uri | undefined;
  private model: DiagramModel | undefined;
  private root: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private redrawTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped per request: an older answer arriving late never replaces a newer one. */
  private generation = 0;
  /** The graph view the person used last (the palette's Show More acts on it). */
  static lastActive: GraphViewPanel | undefined;
  private pageLoaded!: () => void;
  /** Settles when the page has loaded and said so (its first `ready`). */
  readonly loaded = new Promise<void>((resolve) => (this.pageLoaded = resolve));

  static async open(extensionUri: vscode.Uri, service: GraphService, log: HostLog, args: QueryArgs | DrawAnswer, title: string): Promise<GraphViewPanel> {
    const dist = vscode.Uri.joinPath(extensionUri, 'dist');
    const panel = vscode.window.createWebviewPanel('tsCodeGraph.graphView', title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, {
      enableScripts: true,
      retainContextWhenHidden: true,
      // Only the renderer: nothing else of the extension (or the disk) is reachable from the page.
      localResourceRoots: [dist],
    });
    const view = new GraphViewPanel(panel, service, log, args);
    const script = panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'graphView.js'));
    panel.webview.html = graphViewHtml({ mode: 'vscode' }, { kind: 'uri', src: script.toString(), cspSource: panel.webview.cspSource }, title);
    await view.redraw();
    return view;
  }

  private constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly service: GraphService,
    private readonly log: HostLog,
    private readonly args: QueryArgs | DrawAnswer,
  ) {
    GraphViewPanel.lastActive = this;
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.onDidChangeViewState((e) => {
        if (e.webviewPanel.active) GraphViewPanel.lastActive = this;
      }),
      panel.webview.onDidReceiveMessage((m: FromPage) => void this.onMessage(m)),
      // Only saves that can change the answer: not the user's settings.json (a theme switch saves it).
      vscode.workspace.onDidSaveTextDocument((doc) => {
        if (isRelevantFile(doc.uri)) this.redrawSoon();
      }),
    );
  }

  /** The current drawing's model (tests compare it with the page's DOM). */
  current(): DiagramModel | undefined {
    return this.model;
  }

  private redrawSoon(): void {
    if (this.redrawTimer) clearTimeout(this.redrawTimer);
    this.redrawTimer = setTimeout(() => void this.redraw(), REDRAW_DELAY_MS);
  }

  async redraw(): Promise<void> {
    const generation = ++this.generation;
    const answer = typeof this.args === 'function' ? await this.args(this.expansions) : await this.service.diagram(this.args, this.expansions);
    if (generation !== this.generation) return;
    this.model = answer.model;
    this.root = answer.root;
    this.expansions = answer.expansions;
    await this.post({ type: 'model', model: answer.model, expansions: this.expansions });
  }

  /**
   * "Show more": the whole answer instead of the text's 50 nodes. Each queried symbol opened in the
   * query's direction WHOLE_DEPTH levels deep: the worker's expansion of a badge, which keeps up to
   * 250 nodes a level (thousands in all); the page draws it folded to fit.
   */
  async showMore(): Promise<void> {
    const model = this.model;
    if (!model || model.walk === 'paths') return;
    const direction = model.walk === 'forward' ? 'dependencies' : 'dependents';
    for (const input of model.nodes.filter((n) => n.input)) {
      const known = this.expansions.find((e) => e.id === input.id && e.direction === direction);
      if (known) known.depth = Math.max(known.depth, WHOLE_DEPTH);
      else this.expansions.push({ id: input.id, direction, depth: WHOLE_DEPTH });
    }
    await this.post({ type: 'busy', text: 'Asking for the whole answer…' });
    return this.redraw();
  }

  private post(message: ToPage): Thenable<boolean> {
    return this.panel.webview.postMessage(message);
  }

  private async onMessage(message: FromPage): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.pageLoaded();
        if (this.model) await this.post({ type: 'model', model: this.model, expansions: this.expansions });
        return;
      case 'open':
        return this.openNode(message.id, message.line, message.keepFocus === true);
      case 'expand':
        // Again on the same node and direction: one level deeper (the next page of a big level included).
        {
          const known = this.expansions.find((e) => e.id === message.id && e.direction === message.direction);
          if (known) known.depth = Math.max(known.depth + 1, message.depth);
          else this.expansions.push({ id: message.id, direction: message.direction, depth: Math.max(1, message.depth) });
        }
        return this.redraw();
      case 'collapse':
        this.expansions = this.expansions.filter((e) => e.id !== message.id);
        return this.redraw();
      case 'more':
        return this.showMore();
      case 'copyMermaid':
        await vscode.env.clipboard.writeText(this.model?.mermaid ?? '');
        void vscode.window.setStatusBarMessage('TS Code Graph: the graph is on the clipboard as a Mermaid flowchart.', 4000);
        return;
      case 'save':
        return this.saveImage(message.format, message.data);
    }
  }

  /**
   * Click on a node: its declaration in an editor beside the graph, the cursor on its first line (or on
   * a call site's line). From the keyboard (Enter) the focus stays in the graph, so the person goes on there.
   */
  private async openNode(id: string, at?: number, keepFocus = false): Promise<void> {
    const node = this.model?.nodes.find((n) => n.id === id) ?? this.model?.reserve?.nodes.find((n) => n.id === id);
    if (!node || !this.root) return;
    const uri = vscode.Uri.file(path.isAbsolute(node.file) ? node.file : path.join(this.root, node.file));
    // Never over the graph: the first column, or beside the graph when it is the first column.
    const viewColumn = this.panel.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One;
    try {
      await vscode.window.showTextDocument(uri, { viewColumn, selection: editorRangeAt(at ?? node.offset), preserveFocus: keepFocus });
    } catch (err) {
      this.log.warn(`graph view: could not open ${uri.fsPath}: ${err instanceof Error ? err.message : String(err)}`);
      void vscode.window.showWarningMessage(`TS Code Graph: could not open ${node.file} (${err instanceof Error ? err.message : String(err)}). The file may have been moved or deleted; save any file to redraw the graph.`);
    }
  }

  private async saveImage(format: 'svg' | 'png', data: string): Promise<void> {
    const name = `${(this.model?.title ?? 'graph').replace(/[^\w.-]+/g, '_')}.${format}`;
    // Where the person saved last time, else their Downloads (or home) folder: an image is rarely
    // meant to land in the workspace root, next to package.json.
    const target = await vscode.window.showSaveDialog({ defaultUri: vscode.Uri.joinPath(GraphViewPanel.lastSaveFolder ?? defaultImageFolder(), name), filters: { [format.toUpperCase()]: [format] } });
    if (!target) return;
    GraphViewPanel.lastSaveFolder = vscode.Uri.joinPath(target, '..');
    const bytes = format === 'svg' ? Buffer.from(data, 'utf8') : Buffer.from(data.replace(/^data:image\/png;base64,/, ''), 'base64');
    await vscode.workspace.fs.writeFile(target, bytes);
  }

  dispose(): void {
    if (GraphViewPanel.lastActive === this) GraphViewPanel.lastActive = undefined;
    if (this.redrawTimer) clearTimeout(this.redrawTimer);
    this.generation++;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}
