import { existsSync, readFileSync } from 'fs';
import * as path from 'path';
import type { DiagramModel } from '../core/diagram/diagramModel';
import { graphViewHtml } from '../webview/graphViewHtml';

/**
 * `--format html`: one self-contained page with the same renderer as the VS Code graph view
 * (dist/graphView.js, inlined), the answer's diagram model and nothing to fetch. Open it in any browser.
 * The model (the graph worker's, `print` in html) carries exact per-direction `+N` counts and one
 * page of each drawn node's missing neighbours, so badges open in the file itself.
 */
export function renderHtml(model: DiagramModel, root: string): string {
  return graphViewHtml({ mode: 'standalone', model, root }, { kind: 'inline', code: readRenderer() }, model.title);
}

/** The bundled renderer beside dist/cli.js (or, run from compiled sources, in the repo's dist/). */
function readRenderer(): string {
  const candidates = [path.join(__dirname, 'graphView.js'), path.join(__dirname, '..', '..', '..', 'dist', 'graphView.js')];
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(`the graph view renderer (graphView.js) is missing next to the CLI (looked in ${candidates.join(', ')}). Reinstall ts-code-graph, or run \`npm run build\` in a checkout`);
  }
  return readFileSync(found, 'utf8');
}
