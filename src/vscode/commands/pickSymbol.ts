import * as path from 'path';
import * as vscode from 'vscode';
import { lineSelector, symbolSelector } from '../../core/query/resolve/parseSymbolQuery';
import { SymbolInfo } from '../../worker/protocol';

interface SymbolItem extends vscode.QuickPickItem {
  symbol: SymbolInfo;
}

const KIND_ICONS: Record<string, string> = {
  function: 'symbol-function',
  method: 'symbol-method',
  constructor: 'symbol-constructor',
  getter: 'symbol-property',
  setter: 'symbol-property',
  property: 'symbol-field',
  class: 'symbol-class',
  interface: 'symbol-interface',
  'method-signature': 'symbol-method',
  type: 'symbol-type-parameter',
  enum: 'symbol-enum',
  variable: 'symbol-variable',
  namespace: 'symbol-namespace',
};

/** A QuickPick over the graph's symbols; `preferred` (the symbol at the cursor) comes first and is active. */
export function pickSymbol(symbols: SymbolInfo[], title: string, preferred?: { file_path: string; symbol: string; root: string }): Promise<SymbolInfo | undefined> {
  const multiRoot = new Set(symbols.map((s) => s.root)).size > 1;
  const items: SymbolItem[] = symbols.map((s) => ({
    label: `$(${KIND_ICONS[s.kind] ?? 'symbol-misc'}) ${s.name}`,
    description: `${multiRoot ? `${s.folder}/` : ''}${s.file}:${s.offset}`,
    symbol: s,
  }));
  const first = preferred && items.findIndex((i) => i.symbol.root === preferred.root && i.symbol.file === preferred.file_path && (i.symbol.name === preferred.symbol || lineSelector(i.symbol) === preferred.symbol));
  if (first !== undefined && first > 0) items.unshift(...items.splice(first, 1));

  const pick = vscode.window.createQuickPick<SymbolItem>();
  pick.title = title;
  pick.placeholder = 'Type a symbol name (functions, methods, classes, interfaces, types, variables)';
  pick.matchOnDescription = true;
  pick.items = items;
  if (first !== undefined && first >= 0) pick.activeItems = [items[0]];
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      resolve(pick.selectedItems[0]?.symbol ?? pick.activeItems[0]?.symbol);
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}

/** The query form of a picked symbol: absolute path (no multi-root ambiguity), `name:line` when the name alone is ambiguous in its file. */
export function symbolRef(s: SymbolInfo, all: SymbolInfo[]): { file_path: string; symbol: string } {
  return { file_path: path.join(s.root, s.file), symbol: symbolSelector(s, all.filter((o) => o.root === s.root && o.file === s.file)) };
}
