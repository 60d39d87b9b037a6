import { QueryResult } from '../query/QueryResult';
import { displayNames, labelledNodes } from './displayNames';
import { truncationLine } from './formatText';
import { drawnEdges } from './formatGraphLines';

/**
 * A Mermaid flowchart of a result, for people (Markdown previews, chat responses):
 *
 * ```
 * flowchart LR
 *   n0["handleRequest"]
 *   n1["formatDate#1"]
 *   n0 -->|CALLS| n1
 *   classDef input stroke-width:3px,font-weight:bold
 *   class n0 input
 * ```
 *
 * - One node line per node of the result (each id once, result order), labelled with the same
 *   display names as formatText (`#N` included), so the diagram and the text can be compared.
 *   Mermaid ids are positional (`n0`, `n1`…) because symbol ids contain characters Mermaid
 *   reserves (`#`, `@`, `/`).
 * - One edge line per edge of the result, labelled with its type; no self-loop of a node the
 *   picture connects otherwise, as in the text (drawnEdges).
 * - Query inputs get the `input` class, so the queried symbol(s) stand out; impact's changed
 *   symbols get a class per kind of change instead (CHANGE_STYLES), and are all drawn, the ones
 *   without a dependent too.
 * - A message result becomes a one-node flowchart holding the message (not a `%%` comment):
 *   a renderer shows nodes, but renders a comment-only chart as an empty box, and "No path
 *   found." must be visible to the person looking at the diagram.
 * - The cut line and the `Incomplete:` notes of the text answer follow `flowchart` as `%%`
 *   comments: a pasted diagram must not look complete when it is not.
 *
 * Labels are escaped with Mermaid entity codes (see escapeLabel). Ends with one newline.
 */
export function formatMermaid(result: QueryResult): string {
  const notes = [...(result.kind === 'graph' && result.truncation ? [truncationLine(result.truncation)] : []), ...(result.warnings ?? [])];
  const header = ['flowchart LR', ...notes.map((note) => `  %% ${note.replace(/\r?\n/g, ' ')}`)];
  if (result.kind === 'message') return `${header.join('\n')}\n  message["${escapeLabel(result.message)}"]\n`;

  const names = displayNames(labelledNodes(result));
  const ids = new Map<string, string>();
  const lines = header;
  const declare = (id: string): string => {
    let short = ids.get(id);
    if (!short) {
      short = `n${ids.size}`;
      ids.set(id, short);
      lines.push(`  ${short}["${escapeLabel(names.get(id) ?? id)}"]`);
    }
    return short;
  };

  for (const node of result.nodes) declare(node.id);
  // impact: a changed symbol nothing depends on has no edge (the cut drops it from `nodes`); it is drawn alone.
  for (const c of result.impact?.changed ?? []) declare(c.node.id);
  // Endpoints missing from `nodes` should not happen; declaring them keeps every edge drawable.
  const edges = drawnEdges(result);
  for (const edge of edges) {
    declare(edge.from);
    declare(edge.to);
  }
  for (const edge of edges) lines.push(`  ${ids.get(edge.from)} -->|${edge.type}| ${ids.get(edge.to)}`);

  const inputs = result.inputs.filter((id) => ids.has(id)).map((id) => ids.get(id)!);
  if (result.impact) {
    // impact: the changed symbols by how they changed (a removed one is drawn dashed) instead of one input class.
    const groups = new Map<string, string[]>();
    for (const c of result.impact.changed) {
      const short = ids.get(c.node.id);
      if (!short) continue;
      const cls = c.change === 'added' || c.change === 'removed' ? c.change : c.change === 'body' ? 'body' : 'changed';
      groups.set(cls, [...(groups.get(cls) ?? []), short]);
    }
    for (const [cls, members] of groups) lines.push(`  classDef ${cls} ${CHANGE_STYLES[cls]}`, `  class ${[...new Set(members)].join(',')} ${cls}`);
  } else if (inputs.length > 0) {
    lines.push('  classDef input stroke-width:3px,font-weight:bold');
    lines.push(`  class ${[...new Set(inputs)].join(',')} input`);
  }
  return `${lines.join('\n')}\n`;
}

/** impact's classes: added green, removed red and dashed, a body change yellow, any other change orange. */
const CHANGE_STYLES: Record<string, string> = {
  added: 'fill:#dafbe1,stroke:#1a7f37,stroke-width:2px',
  removed: 'fill:#ffebe9,stroke:#cf222e,stroke-width:2px,stroke-dasharray:5 3',
  body: 'fill:#fff8c5,stroke:#9a6700,stroke-width:2px',
  changed: 'fill:#ffe2cc,stroke:#bc4c00,stroke-width:3px',
};

/**
 * Text safe inside `["…"]`: `"` would end the label and `<`/`>`/`&` would be read as HTML, so they
 * become Mermaid entity codes (`#quot;`, `#lt;`, `#gt;`, `#amp;`). A `#` that would itself read as
 * the start of an entity code (`#word;`) becomes `#35;`; a plain `formatDate#1` stays as it is.
 * Newlines become `<br/>`, Mermaid's own line break in labels.
 */
function escapeLabel(text: string): string {
  return text
    .replace(/#(?=\w+;)/g, '#35;')
    .replace(/&/g, '#amp;')
    .replace(/"/g, '#quot;')
    .replace(/</g, '#lt;')
    .replace(/>/g, '#gt;')
    .replace(/\r?\n/g, '<br/>');
}
