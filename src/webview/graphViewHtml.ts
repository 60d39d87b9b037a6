import { randomBytes } from 'crypto';
import { GRAPH_VIEW_CSS } from './graphViewStyles';
import { PageData } from './messages';

/** Where the renderer comes from: a webview URI (VS Code) or its text inlined (the CLI's file). */
export type RendererSource = { kind: 'uri'; src: string; cspSource: string } | { kind: 'inline'; code: string };

/**
 * The graph view's page, one builder for both surfaces: the VS Code webview and the CLI's
 * self-contained `--format html` file. Strict Content-Security-Policy: nothing loads but the one
 * nonce'd script (and, in a webview, only from the extension's own resource root); no eval, no
 * network (connect-src none), images only from data:/blob: (PNG export draws the SVG through one).
 */
export function graphViewHtml(data: PageData, renderer: RendererSource, title: string): string {
  const nonce = randomBytes(16).toString('base64');
  const scriptSrc = renderer.kind === 'uri' ? `'nonce-${nonce}' ${renderer.cspSource}` : `'nonce-${nonce}'`;
  const csp = [
    "default-src 'none'",
    `script-src ${scriptSrc}`,
    `style-src 'nonce-${nonce}'`,
    'img-src data: blob:',
    "font-src 'none'",
    "connect-src 'none'",
  ].join('; ');
  const script = renderer.kind === 'uri' ? `<script nonce="${nonce}" src="${escapeAttr(renderer.src)}"></script>` : `<script nonce="${nonce}">${escapeScript(renderer.code)}</script>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(title)}</title>
<style nonce="${nonce}">${GRAPH_VIEW_CSS}</style>
</head>
<body class="graph-${data.mode}">
<main id="app"></main>
<script id="graph-data" type="application/json">${escapeScript(JSON.stringify(data))}</script>
${script}
</body>
</html>
`;
}

/** Text inside <script>: `</script` or `<!--` must not end or comment it; `<` escaped as JSON/JS allow. */
function escapeScript(text: string): string {
  return text.replace(/<(?=\/script|!--)/gi, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}
