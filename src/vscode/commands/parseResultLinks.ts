/** A span of a result document that opens code: `file` (root-relative) at 1-based `targetLine`. */
export interface ResultLink {
  /** 0-based line of the result text. */
  line: number;
  start: number;
  end: number;
  file: string;
  targetLine: number;
}

const NODE_HEADER = /^(\S.*):$/;
const FILE_PREFIX = '  file: ';
const FILE_LINE = /^ {2}file: (.+)$/;
const OFFSET_LINE = /^ {2}offset: (\d+), limit: \d+$/;
/** `    17: code` or `  > 17: code` (spec 004 marks). */
const SNIPPET_LINE = /^(\s*>?\s*)(\d+):/;

/**
 * The links of a result in the shared text format: in `## Nodes`, each node's name, `file:` line
 * and snippet line numbers; in `## Graph`, every name that has a Nodes block. Reads the format,
 * never re-creates it, so the commands show exactly the tools' text.
 */
export function parseResultLinks(text: string): ResultLink[] {
  const lines = text.split('\n');
  const nodesAt = lines.indexOf('## Nodes');
  if (nodesAt < 0) return [];
  const links: ResultLink[] = [];
  const located = new Map<string, { file: string; line: number }>();
  let block: { name: string; header: number; file?: string; fileLine?: number } | undefined;

  for (let i = nodesAt + 1; i < lines.length; i++) {
    const line = lines[i];
    const header = NODE_HEADER.exec(line);
    if (header) {
      block = { name: header[1], header: i };
      continue;
    }
    if (!block) continue;
    const file = FILE_LINE.exec(line);
    if (file) {
      block.file = file[1];
      block.fileLine = i;
      continue;
    }
    const offset = OFFSET_LINE.exec(line);
    if (offset && block.file !== undefined && block.fileLine !== undefined) {
      const target = { file: block.file, targetLine: Number(offset[1]) };
      links.push({ line: block.header, start: 0, end: block.name.length, ...target });
      links.push({ line: block.fileLine, start: FILE_PREFIX.length, end: lines[block.fileLine].length, ...target });
      located.set(block.name, { file: block.file, line: target.targetLine });
      continue;
    }
    const snippet = SNIPPET_LINE.exec(line);
    if (snippet && block.file !== undefined && line.startsWith('  ')) {
      const start = snippet[1].length;
      links.push({ line: i, start, end: start + snippet[2].length, file: block.file, targetLine: Number(snippet[2]) });
    }
  }

  const graphAt = lines.indexOf('## Graph');
  for (let i = graphAt + 1; graphAt >= 0 && i < nodesAt; i++) {
    for (const match of lines[i].matchAll(/\S+/g)) {
      const at = located.get(match[0]);
      if (at) links.push({ line: i, start: match.index!, end: match.index! + match[0].length, file: at.file, targetLine: at.line });
    }
  }
  return links.sort((a, b) => a.line - b.line || a.start - b.start);
}
