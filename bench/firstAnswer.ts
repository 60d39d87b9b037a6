import * as path from 'path';
import { CodeGraph } from '../src/core/CodeGraph';
import { QueryResult } from '../src/core/query/QueryResult';
import { isPartial } from '../src/core/query/shared/indexingNotes';

/**
 * Issue 40, item 7: the first answer before the index against the full index, in one run. A first,
 * untimed index picks the question: the declaration of the workspace's most-imported file (`hub`,
 * or `auto`: picked by `pickHub`) most used from other files. Then a cold start (a new compiler
 * process, no cache): the first answer (`CodeGraph.firstAnswer`: the programs built, find-references,
 * only the files holding the references extracted), then the whole index, then the full answer.
 */
export async function firstAnswerBeforeIndex(root: string, given: string | undefined, hub: string, pickHub: (graph: CodeGraph) => string) {
  const tsconfig = given && path.resolve(root, given);
  const chooser = await CodeGraph.open({ root, tsconfig });
  const file = hub === 'auto' ? pickHub(chooser) : hub;
  const outside = (id: string) => !id.startsWith(`${file}#`);
  const symbol = chooser.graph
    .nodesInFile(file)
    .filter((n) => n.kind !== 'module')
    .map((n) => ({ n, uses: chooser.graph.inEdges(n.id).filter((e) => outside(e.from)).length }))
    .sort((a, b) => b.uses - a.uses || a.n.name.localeCompare(b.n.name))[0]?.n.name;
  chooser.dispose();
  if (!symbol) return { file, symbol: undefined };

  const started = performance.now();
  const { graph, indexed } = CodeGraph.opening({ root, tsconfig, first: [file] });
  const opened = performance.now() - started;
  const first = graph.firstAnswer({ query: 'dependentsOf', file_path: file, symbol });
  const firstMillis = performance.now() - started;
  const filesAtFirst = graph.graph.files().length;
  await indexed;
  const indexMillis = performance.now() - started;
  const full = graph.dependentsOf(file, symbol);
  const compiler = graph.report.compiler;
  graph.dispose();
  const key = (e: { from: string; type: string; to: string }) => `${e.from} ${e.type} ${e.to}`;
  const edges = (r: QueryResult | undefined) => (r?.kind === 'graph' ? r.edges.map(key) : []);
  // The full graph's first level (the answer itself shows a budget's worth of it).
  const inputs = full.inputs ?? [];
  const fullFirstLevel = new Set(inputs.flatMap((id) => graph.graph.inEdges(id).filter((e) => !inputs.includes(e.from)).map(key)));
  const firstEdges = edges(first);
  return {
    file,
    symbol,
    compiler,
    partial: !!first && isPartial(first),
    openMillis: opened,
    firstMillis,
    filesAtFirst,
    files: graph.report.files,
    firstEdges: firstEdges.length,
    fullFirstLevel: fullFirstLevel.size,
    subset: firstEdges.every((e) => fullFirstLevel.has(e)),
    indexMillis,
  };
}
