import * as path from 'path';
import * as vscode from 'vscode';
import { GraphService } from '../graph/GraphService';
import { GraphViewPanel } from '../graphView/GraphViewPanel';
import { HostLog } from '../log';
import { QueryArgs } from '../../worker/protocol';
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
 * document in the tools' text format and return its URI. Scripts and tests may pass the symbol
 * (`{file_path, symbol}`, or `{from, to}` for pathsBetween) instead of using the cursor/pickers.
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
  const cursorGraph = async (query: 'dependenciesOf' | 'dependentsOf', arg: unknown): Promise<GraphViewPanel | undefined> => {
    const target = isSymbolArg(arg) ? arg : await cursorSymbol(service);
    if (!target) return undefined;
    const view = await graph({ query, ...target }, `${query === 'dependenciesOf' ? 'Dependencies of' : 'Dependents of'} ${target.symbol}`);
    // `{ whole: true }`: the whole answer at once (what the view's Show more asks for).
    if (typeof arg === 'object' && arg !== null && (arg as { whole?: unknown }).whole === true) await view.showMore();
    return view;
  };
  const cursorQuery = async (query: 'dependenciesOf' | 'dependentsOf', arg: unknown): Promise<vscode.Uri | undefined> => {
    const target = isSymbolArg(arg) ? arg : await cursorSymbol(service);
    if (!target) return undefined;
    const label = query === 'dependenciesOf' ? 'Dependencies of' : 'Dependents of';
    return run({ query, ...target }, `${label} ${target.symbol}`);
  };

  context.subscriptions.push(
    results.register(),
    vscode.commands.registerCommand('tsCodeGraph.dependenciesOf', (arg?: unknown) => cursorQuery('dependenciesOf', arg)),
    vscode.commands.registerCommand('tsCodeGraph.dependentsOf', (arg?: unknown) => cursorQuery('dependentsOf', arg)),
    vscode.commands.registerCommand('tsCodeGraph.pathsBetween', async (arg?: unknown) => {
      const pair = isPairArg(arg) ? arg : await pickPair(service);
      if (!pair) return undefined;
      return run({ query: 'pathsBetween', ...pair }, `Paths between ${pair.from.symbol} and ${pair.to.symbol}`);
    }),
    vscode.commands.registerCommand('tsCodeGraph.dependenciesOfGraph', (arg?: unknown) => cursorGraph('dependenciesOf', arg)),
    vscode.commands.registerCommand('tsCodeGraph.dependentsOfGraph', (arg?: unknown) => cursorGraph('dependentsOf', arg)),
    vscode.commands.registerCommand('tsCodeGraph.pathsBetweenGraph', async (arg?: unknown) => {
      const pair = isPairArg(arg) ? arg : await pickPair(service);
      if (!pair) return undefined;
      return graph({ query: 'pathsBetween', ...pair }, `Paths between ${pair.from.symbol} and ${pair.to.symbol}`);
    }),
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

async function pickPair(service: GraphService): Promise<{ from: SymbolArg; to: SymbolArg } | undefined> {
  const editor = vscode.window.activeTextEditor;
  const [symbols, atCursor] = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'TS Code Graph: listing symbols' }, () =>
    Promise.all([service.symbols(), editor ? symbolAtCursor(service, editor) : Promise.resolve(undefined)]),
  );
  if (symbols.length === 0) {
    void vscode.window.showInformationMessage('TS Code Graph: the graph has no symbols yet (still indexing, or no TypeScript project). See "TS Code Graph: Show Log".');
    return undefined;
  }
  const from = await pickSymbol(symbols, 'Paths between: first symbol (1/2)', atCursor);
  if (!from) return undefined;
  const to = await pickSymbol(symbols.filter((s) => s !== from), `Paths between ${from.name} and… (2/2)`);
  if (!to) return undefined;
  return { from: symbolRef(from, symbols), to: symbolRef(to, symbols) };
}

function isSymbolArg(arg: unknown): arg is SymbolArg {
  const a = arg as Partial<SymbolArg> | undefined;
  return typeof a === 'object' && a !== null && typeof a.file_path === 'string' && typeof a.symbol === 'string';
}

function isPairArg(arg: unknown): arg is { from: SymbolArg; to: SymbolArg } {
  const a = arg as { from?: unknown; to?: unknown } | undefined;
  return typeof a === 'object' && a !== null && isSymbolArg(a.from) && isSymbolArg(a.to);
}
