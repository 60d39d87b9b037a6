import * as path from 'path';
import * as vscode from 'vscode';
import { GraphService } from '../graph/GraphService';
import { GraphViewPanel } from '../graphView/GraphViewPanel';
import { HostLog } from '../log';
import { TOOL_QUERIES } from '../../core/query/queries';
import { QueryArgs } from '../../worker/protocol';

type ToolQuery = (typeof TOOL_QUERIES)[number] & { cli: NonNullable<(typeof TOOL_QUERIES)[number]['cli']> };
import { impactOfChanges, openImpactView } from './impactOfChanges';
import { pickSymbol, symbolRef } from './pickSymbol';
import { ResultDocuments } from './ResultDocuments';
import { symbolAtCursor } from './symbolAtCursor';

interface SymbolArg {
  file_path: string;
  symbol: string;
}

/**
 * The palette / editor-context commands. The query commands open their answer as a read-only
 * document in the tools' text format and return its URI. Scripts and tests may pass the query's
 * tool input (`{file_path, symbol}`, or `{from, to}` for a query of two symbols) instead of using the
 * cursor or the pickers.
 * "Impact of My Changes" opens a document and a graph view (impactOfChanges).
 */
export function registerCommands(context: vscode.ExtensionContext, service: GraphService, log: HostLog): void {
  const results = new ResultDocuments();
  const run = async (args: QueryArgs, title: string): Promise<vscode.Uri> => {
    const answer = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: `TS Code Graph: ${title}` },
      () => service.query(args),
    );
    return results.show(answer, title, args);
  };
  const graph = async (args: QueryArgs, title: string): Promise<GraphViewPanel> => {
    const view = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `TS Code Graph: drawing ${title}` }, () =>
      GraphViewPanel.open(context.extensionUri, service, log, args, title),
    );
    context.subscriptions.push(view);
    return view;
  };
  /**
   * A query's input: what a script passed (checked as the tool checks it), else asked for: the
   * symbol at the cursor for a query of one symbol, two picked symbols for a query of two.
   */
  const inputOf = async (q: ToolQuery, arg: unknown): Promise<{ args: QueryArgs; title: string } | undefined> => {
    const given = q.tool.parse(arg);
    // Each symbol is two of the CLI verb's parameters (its file, its name).
    const symbols = q.cli.params.length / 2;
    const refs = typeof given !== 'string' ? undefined : symbols === 1 ? await cursorSymbol(service).then((r) => r && [r]) : await pickSymbols(service, q.picture.of);
    const args = (typeof given !== 'string' ? { query: q.name, ...given } : refs && { query: q.name, ...q.cli.input(refs.flatMap((r) => [r.file_path, r.symbol])) }) as QueryArgs | undefined;
    if (!args) return undefined;
    const names = (refs ?? symbolsOf(given)).map((r) => r.symbol);
    return { args, title: `${q.picture.of} ${names.join(q.picture.join)}` };
  };
  // One command per query with a tool, and one drawing it (package.json's contributes.commands).
  const queryCommands = TOOL_QUERIES.filter((q): q is ToolQuery => q.cli !== undefined).flatMap((q) => [
    vscode.commands.registerCommand(`tsCodeGraph.${q.name}`, async (arg?: unknown) => {
      const asked = await inputOf(q, arg);
      return asked && run(asked.args, asked.title);
    }),
    vscode.commands.registerCommand(`tsCodeGraph.${q.name}Graph`, async (arg?: unknown) => {
      const asked = await inputOf(q, arg);
      if (!asked) return undefined;
      const view = await graph(asked.args, asked.title);
      // `{ whole: true }`: the whole answer at once (what the view's Show more asks for).
      if (typeof arg === 'object' && arg !== null && (arg as { whole?: unknown }).whole === true) await view.showMore();
      return view;
    }),
  ]);

  context.subscriptions.push(
    results.register(),
    ...queryCommands,
    vscode.commands.registerCommand('tsCodeGraph.showResultAsGraph', (uri?: unknown) => {
      const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
      const query = target && results.queryOf(target);
      if (!query) {
        void vscode.window.showInformationMessage('TS Code Graph: this result is no longer kept. Run the query again, or use "Show Dependencies/Dependents of Symbol at Cursor as Graph".');
        return undefined;
      }
      return 'folder' in query.args ? openImpactView(context, service, log, query.args, query.title) : graph(query.args, query.title);
    }),
    vscode.commands.registerCommand('tsCodeGraph.showMoreInGraph', async () => {
      const view = GraphViewPanel.lastActive;
      if (!view) return void vscode.window.showInformationMessage('TS Code Graph: open a graph view first ("Show Dependents of Symbol at Cursor as Graph").');
      await view.showMore();
      return view;
    }),
    vscode.commands.registerCommand('tsCodeGraph.impactOfChanges', (arg?: unknown) => impactOfChanges(arg, context, service, log, results)),
    vscode.commands.registerCommand('tsCodeGraph.rebuild', () => {
      log.info('Rebuild requested: re-indexing every workspace folder.');
      service.rebuild();
    }),
    vscode.commands.registerCommand('tsCodeGraph.showLog', () => log.show()),
  );
}

async function cursorSymbol(service: GraphService): Promise<SymbolArg | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage('TS Code Graph: put the cursor on a symbol in a TypeScript or JavaScript editor first.');
    return undefined;
  }
  const found = await symbolAtCursor(service, editor);
  if (!found) {
    void vscode.window.showInformationMessage('TS Code Graph: no indexed symbol at the cursor. Put it on a function, method, class, interface, type or variable (its name or its body).');
    return undefined;
  }
  return { file_path: path.join(found.root, found.file_path), symbol: found.symbol };
}

/** Two symbols picked from the graph's (the first defaults to the one at the cursor); `what` titles the pickers ("Paths between"). */
async function pickSymbols(service: GraphService, what: string): Promise<SymbolArg[] | undefined> {
  const editor = vscode.window.activeTextEditor;
  const [symbols, atCursor] = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'TS Code Graph: listing symbols' }, () =>
    Promise.all([service.symbols(), editor ? symbolAtCursor(service, editor) : Promise.resolve(undefined)]),
  );
  if (symbols.length === 0) {
    void vscode.window.showInformationMessage('TS Code Graph: the graph has no symbols yet (still indexing, or no TypeScript project). See "TS Code Graph: Show Log".');
    return undefined;
  }
  const from = await pickSymbol(symbols, `${what}: first symbol (1/2)`, atCursor);
  if (!from) return undefined;
  const to = await pickSymbol(symbols.filter((s) => s !== from), `${what} ${from.name} and… (2/2)`);
  if (!to) return undefined;
  return [symbolRef(from, symbols), symbolRef(to, symbols)];
}

/** The symbols a query's input names, in order: the input itself, or its `{file_path, symbol}` fields (`from`, `to`). */
function symbolsOf(input: object | string): SymbolArg[] {
  if (typeof input === 'string') return [];
  const isRef = (v: unknown): v is SymbolArg => typeof v === 'object' && v !== null && typeof (v as SymbolArg).symbol === 'string' && typeof (v as SymbolArg).file_path === 'string';
  return isRef(input) ? [input] : Object.values(input).filter(isRef);
}
