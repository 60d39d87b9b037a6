import { QueryResult } from '../query/QueryResult';
import { displayNames } from './displayNames';
import { truncationLine } from './formatText';

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
 * - One edge line per edge of the result, labelled with its type.
 * - Query inputs get the `input` class, so the queried symbol(s) stand out.
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

  const names = displayNames(result.nodes);
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
  // Endpoints missing from `nodes` should not happen; declaring them keeps every edge drawable.
  for (const edge of result.edges) {
    declare(edge.from);
    declare(edge.to);
  }
  for (const edge of result.edges) lines.push(`  ${ids.get(edge.from)} -->|${edge.type}| ${ids.get(edge.to)}`);

  const inputs = result.inputs.filter((id) => ids.has(id)).map((id) => ids.get(id)!);
  if (inputs.length > 0) {
    lines.push('  classDef input stroke-width:3px,font-weight:bold');
    lines.push(`  class ${[...new Set(inputs)].join(',')} input`);
  }
  return `${lines.join('\n')}\n`;
}

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
