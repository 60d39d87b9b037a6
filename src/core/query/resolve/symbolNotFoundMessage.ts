import { GraphNode } from '../../graph/GraphTypes';
import { SymbolGraph } from '../../graph/SymbolGraph';
import { fileTier } from '../../graph/testFiles';
import { describeNode, joinLimited } from '../shared/describeNode';
import { echoInput } from '../shared/echoInput';
import { levenshtein } from './levenshtein';

const MAX_SUGGESTIONS = 5;
const MAX_OTHER_FILES = 5;

/**
 * `Symbol 'formatDat' not found in src/utils.ts. Closest in that file: formatDate (function, line 15).
 * Also named 'formatDat' in: src/legacy.ts.`
 *
 * The two halves answer the two usual mistakes: a typo (closest names in the file) and the right name
 * in the wrong file (where that exact name is declared). When nothing in the file is close, listing
 * what the file does declare is still more useful than a bare "not found".
 */
export function symbolNotFoundMessage(graph: SymbolGraph, file: string, nodes: GraphNode[], name: string): string {
  const head = `Symbol '${echoInput(name)}' not found in ${file}.`;
  const symbols = nodes.filter((n) => n.kind !== 'module');
  const elsewhere = otherFilesDeclaring(graph, file, name);
  const tail = elsewhere.length > 0 ? ` Also named '${echoInput(name)}' in: ${joinLimited(elsewhere, MAX_OTHER_FILES)}.` : '';

  if (symbols.length === 0) {
    return `${head} The file declares no symbols of its own (query its top-level code as \`<module>\`).${tail}`;
  }
  const closest = closestSymbols(symbols, name);
  if (closest.length > 0) {
    return `${head} Closest in that file: ${closest.map(describeNode).join(', ')}.${tail}`;
  }
  return `${head} Nothing there has a similar name; it declares: ${joinLimited(symbols.map(describeNode), MAX_SUGGESTIONS)}.${tail}`;
}

/**
 * Fuzzy match, case-insensitive, against both the qualified name and its last segment
 * (so `save` and `User.sav` both find `User.save`). Tiers: differs only in case, then prefix or
 * substring, then small edit distance; ties go to the earlier declaration.
 */
function closestSymbols(symbols: GraphNode[], name: string): GraphNode[] {
  const wanted = name.toLowerCase();
  const maxDistance = Math.max(2, Math.ceil(wanted.length * 0.4));
  const scored: Array<{ node: GraphNode; tier: number; distance: number }> = [];
  for (const node of symbols) {
    const full = node.name.toLowerCase();
    const last = full.slice(full.lastIndexOf('.') + 1);
    const distance = Math.min(levenshtein(wanted, full, maxDistance), levenshtein(wanted, last, maxDistance));
    let tier: number;
    if (full === wanted || last === wanted) tier = 0;
    else if (full.includes(wanted) || (last.length >= 3 && wanted.includes(last))) tier = 1;
    else if (distance <= maxDistance) tier = 2;
    else continue;
    scored.push({ node, tier, distance });
  }
  scored.sort((a, b) => a.tier - b.tier || a.distance - b.distance || a.node.offset - b.node.offset);
  return scored.slice(0, MAX_SUGGESTIONS).map((s) => s.node);
}

/** Files (other than `file`) declaring `name` exactly or as the last segments of a qualified name. */
function otherFilesDeclaring(graph: SymbolGraph, file: string, name: string): string[] {
  // Each file, with how many edges from other files its declarations of the name have: the one code
  // uses is the likelier intent (vercel/ai: two example pages' local `generateText` click handlers
  // were named before packages/ai's, which 800 places call).
  const files = new Map<string, number>();
  const count = (n: GraphNode) => {
    if (n.file === file) return;
    const uses = graph.inEdges(n.id).filter((e) => !e.from.startsWith(`${n.file}#`)).length;
    files.set(n.file, Math.max(files.get(n.file) ?? 0, uses));
  };
  for (const n of graph.nodesNamed(name)) count(n);
  // The trailing-segment form needs a scan; this runs only on the error path.
  const suffix = `.${name}`;
  for (const n of graph.allNodes()) {
    if (n.kind !== 'module' && n.name.endsWith(suffix)) count(n);
  }
  // Workspace code, then examples and tests, then library declarations; the most used first.
  const tier = (f: string) => (f.startsWith('node_modules/') ? 3 : fileTier(f));
  return [...files].sort((a, b) => tier(a[0]) - tier(b[0]) || b[1] - a[1] || a[0].localeCompare(b[0])).map(([f]) => f);
}
