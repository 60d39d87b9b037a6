import type { DiagramModel } from '../core/diagram/DiagramTypes';
import type { Direction, Expansion } from '../core/diagram/neighbours';

/**
 * The graph view's protocol between the page (src/webview/graphView.ts, in a VS Code webview or a
 * standalone HTML file) and the extension (src/vscode/graphView). Plain JSON only.
 */

// The worker computes expansions too (see neighbourhood), so the core owns the type.
export type { Expansion } from '../core/diagram/neighbours';

/** Extension → page. */
export type ToPage =
  | { type: 'model'; model: DiagramModel; expansions: Expansion[]; busy?: false }
  | { type: 'busy'; text: string };

/** Page → extension. */
export type FromPage =
  | { type: 'ready' }
  /** `keepFocus`: from the keyboard, the code opens beside and the focus stays in the graph. */
  | { type: 'open'; id: string; line?: number; keepFocus?: boolean }
  | { type: 'expand'; id: string; direction: Direction; depth: number }
  | { type: 'collapse'; id: string }
  /** Show more: the whole answer (every level of the query's direction from the queried symbols, up to thousands of nodes), drawn folded. */
  | { type: 'more' }
  | { type: 'copyMermaid' }
  | { type: 'save'; format: 'svg' | 'png'; data: string };

/** What the page reads from its own HTML at start (`<script id="graph-data" type="application/json">`). */
export interface PageData {
  /** 'vscode': a webview (expand, open in the editor); 'standalone': the CLI's HTML file. */
  mode: 'vscode' | 'standalone';
  model?: DiagramModel;
  /** Standalone only: absolute root, so a node links to file://root/file. */
  root?: string;
}
