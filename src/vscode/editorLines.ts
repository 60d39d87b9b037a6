import * as vscode from 'vscode';

/**
 * The one place where our line numbers meet VS Code's. Every position that crosses one of our
 * boundaries (answers, the worker protocol, graph-view messages, the JSON export) is a 1-based line
 * (`line`, `offset`/`limit`), as an agent's Read tool takes it; VS Code counts lines from 0. Convert
 * here, nowhere else (ARCHITECTURE.md, "Positions").
 *
 * Why not `vscode-languageserver-types` (`Position`/`Range`/`Location`, 0-based line and character),
 * as the design card had it: the graph stores whole lines and no columns, so a `Range` would carry a
 * character nobody fills, and a second, 0-based line convention inside our own boundaries is the
 * off-by-one bug we would be inviting.
 */

/** Our 1-based line as the start of that line in an editor. */
export function editorRangeAt(line: number): vscode.Range {
  const zeroBased = Math.max(0, line - 1);
  return new vscode.Range(zeroBased, 0, zeroBased, 0);
}

/** An editor position's line as ours (1-based). */
export function lineOf(position: vscode.Position): number {
  return position.line + 1;
}
