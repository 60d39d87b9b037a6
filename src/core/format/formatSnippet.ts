/**
 * Snippet lines of one node (spec 000 "Code Snippets", spec 004 `>` call-site marks), already
 * indented for the Nodes block:
 *
 * ```
 *     42: export function processOrder(order: Order): Result {
 *     ... omitted 11 lines ...
 *     54:   const stamp = Date.now();
 *   > 55:   const date = formatDate(stamp);
 *     56:   log(date);
 *     ... omitted 15 lines ...
 * ```
 *
 * Invariant: over the lines actually available, shown lines + omitted counts == the node's range,
 * so the numbers agree with what `Read(file, offset, limit)` returns. A marker never hides a
 * single line: printing the line costs about the same and spares a Read.
 *
 * Selection: a range of at most WHOLE_LIMIT lines is shown whole. A longer one shows its first
 * line (the signature) plus each focus line with one line of context on each side; without focus
 * lines it shows the first HEAD_LINES lines. The range is clamped to `lines` (the file may have
 * changed since indexing); returns [] when nothing of the range is left.
 *
 * `focus` holds 1-based line numbers to mark with `>` (the node's outgoing call sites); those
 * outside the range are ignored.
 */
export function formatSnippet(
  lines: readonly string[],
  offset: number,
  limit: number,
  focus: Iterable<number> = [],
): string[] {
  const first = Math.max(1, offset);
  const last = Math.min(offset + limit - 1, lines.length);
  if (last < first) return [];
  const marks = new Set([...focus].filter((line) => line >= first && line <= last));
  const shown = pickShownLines(first, last, limit, marks);

  const out: string[] = [];
  let line = first;
  while (line <= last) {
    if (shown.has(line)) {
      out.push(formatLine(line, lines[line - 1], marks.has(line)));
      line++;
      continue;
    }
    let gapEnd = line;
    while (gapEnd < last && !shown.has(gapEnd + 1)) gapEnd++;
    const skipped = gapEnd - line + 1;
    out.push(skipped === 1 ? formatLine(line, lines[line - 1], false) : `    ... omitted ${skipped} lines ...`);
    line = gapEnd + 1;
  }
  return out;
}

/** Ranges this short are shown whole (spec 000: "Small functions (≤10 lines) → show entire function body"). */
const WHOLE_LIMIT = 10;
/** Lines shown from the top of a long range that has no call site to centre on. */
const HEAD_LINES = 3;
/** Lines of context kept on each side of a call site. */
const CONTEXT = 1;
/** Longest source text kept per line: minified or generated lines would otherwise flood the output. */
const MAX_LINE_CHARS = 160;

function pickShownLines(first: number, last: number, limit: number, marks: ReadonlySet<number>): Set<number> {
  const shown = new Set<number>();
  const add = (from: number, to: number): void => {
    for (let l = Math.max(first, from); l <= Math.min(last, to); l++) shown.add(l);
  };
  if (limit <= WHOLE_LIMIT) {
    add(first, last);
  } else if (marks.size === 0) {
    add(first, first + HEAD_LINES - 1);
  } else {
    add(first, first);
    for (const mark of marks) add(mark - CONTEXT, mark + CONTEXT);
  }
  return shown;
}

/** `    17: text` or, for a call site, `  > 18: text`; no trailing space when the line is blank. */
function formatLine(line: number, text: string | undefined, marked: boolean): string {
  const prefix = marked ? `  > ${line}:` : `    ${line}:`;
  const body = clip((text ?? '').trimEnd());
  return body ? `${prefix} ${body}` : prefix;
}

function clip(text: string): string {
  if (text.length <= MAX_LINE_CHARS) return text;
  let end = MAX_LINE_CHARS;
  // Do not split a surrogate pair: a lone half is not valid text for the model or the terminal.
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}
