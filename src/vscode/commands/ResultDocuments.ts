import * as path from 'path';
import * as vscode from 'vscode';
import { ImpactArgs, QueryAnswer, QueryArgs } from '../../worker/protocol';
import { ResultLink, parseResultLinks } from './parseResultLinks';

/** URI scheme of command results: read-only virtual documents. */
export const RESULT_SCHEME = 'ts-code-graph';

interface StoredResult {
  text: string;
  root?: string;
  /** The query that produced it (or impact's folder): "Show as Graph" draws the same answer. */
  args?: QueryArgs | ImpactArgs;
  title?: string;
  /** Markdown (impact), shown in VS Code's Markdown preview; otherwise the shared text format. */
  markdown?: boolean;
}

/** Most results kept for reopening a tab; older ones say to run the command again. */
const KEEP = 50;

/**
 * Command results as read-only documents in the shared text format, whose node names, `file:`
 * lines and snippet line numbers link to the code (click → the file at that line).
 */
export class ResultDocuments implements vscode.TextDocumentContentProvider, vscode.DocumentLinkProvider {
  private readonly results = new Map<string, StoredResult>();
  private counter = 0;
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  /** A kept result's text was replaced (`update`): VS Code reads it again into the open document. */
  readonly onDidChange = this.changed.event;

  register(): vscode.Disposable {
    return vscode.Disposable.from(
      this.changed,
      vscode.workspace.registerTextDocumentContentProvider(RESULT_SCHEME, this),
      vscode.languages.registerDocumentLinkProvider({ scheme: RESULT_SCHEME }, this),
    );
  }

  /**
   * Open `answer` in an editor titled `title`; returns the document's URI. A `markdown` answer is a
   * `.md` document shown rendered in VS Code's Markdown preview, in front of its source (whose tab
   * keeps it open, so later `update`s reach the preview). In `viewColumn` when given, else the active one.
   */
  async show(answer: Pick<QueryAnswer, 'text' | 'root'>, title: string, args?: QueryArgs | ImpactArgs, markdown = false, viewColumn?: vscode.ViewColumn): Promise<vscode.Uri> {
    const uri = vscode.Uri.from({ scheme: RESULT_SCHEME, path: `/${title.replace(/[\\/]/g, '_')}.${markdown ? 'md' : 'txt'}`, query: `n=${++this.counter}` });
    this.results.set(uri.toString(), { text: answer.text, root: answer.root, args, title, markdown });
    if (this.results.size > KEEP) this.results.delete(this.results.keys().next().value!);
    let doc = await vscode.workspace.openTextDocument(uri);
    if (markdown && doc.languageId !== 'markdown') doc = await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
    await vscode.window.showTextDocument(doc, { preview: false, ...(viewColumn ? { viewColumn } : {}) });
    if (markdown) await vscode.commands.executeCommand('markdown.showPreview', uri);
    return uri;
  }

  /** A newer answer for a kept result (impact after a save): the open document shows it. False when no longer kept. */
  update(uri: vscode.Uri, answer: Pick<QueryAnswer, 'text' | 'root'>): boolean {
    const stored = this.results.get(uri.toString());
    if (!stored) return false;
    stored.text = answer.text;
    stored.root = answer.root ?? stored.root;
    this.changed.fire(uri);
    return true;
  }

  /** The query behind a result document, while it is kept. */
  queryOf(uri: vscode.Uri): { args: QueryArgs | ImpactArgs; title: string } | undefined {
    const stored = this.results.get(uri.toString());
    return stored?.args && stored.title ? { args: stored.args, title: stored.title } : undefined;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.results.get(uri.toString())?.text ?? 'This TS Code Graph result is no longer kept. Run the command again.\n';
  }

  provideDocumentLinks(document: vscode.TextDocument): vscode.DocumentLink[] {
    const stored = this.results.get(document.uri.toString());
    const root = stored?.root;
    if (!root) return [];
    return (stored.markdown ? markdownLinks(document.getText()) : parseResultLinks(document.getText())).map((l) => {
      const file = path.isAbsolute(l.file) ? l.file : path.join(root, l.file);
      const link = new vscode.DocumentLink(
        new vscode.Range(l.line, l.start, l.line, l.end),
        vscode.Uri.file(file).with({ fragment: `L${l.targetLine}` }),
      );
      link.tooltip = `Open ${l.file} at line ${l.targetLine}`;
      return link;
    });
  }
}

/** In a Markdown result: each `` `file:line` `` (the changed symbols' and dependents' places). */
function markdownLinks(text: string): ResultLink[] {
  const links: ResultLink[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/`([^`\s:]+\.[A-Za-z]+):(\d+)`/g)) {
      links.push({ line: i, start: m.index + 1, end: m.index + m[0].length - 1, file: m[1], targetLine: Number(m[2]) });
    }
  });
  return links;
}
