import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { compareWithFindReferences } from './referenceOracle';
import { FIXTURES_DIR } from './loadFixture';

/**
 * `npm run oracle [root] [tsconfig]`: indexes a workspace (default: the vendored express 4.21.2) and
 * prints how many of the uses TypeScript's find-all-references reports the graph has as edges (see
 * compareWithFindReferences), with what is missing, grouped by the kind of use.
 */
async function main(): Promise<void> {
  const root = path.resolve(process.argv[2] ?? path.join(FIXTURES_DIR, 'express-4.21.2'));
  const tsconfig = process.argv[3];
  const { graph } = await indexWorkspace({ root, tsconfig });
  const r = compareWithFindReferences(root, graph, tsconfig);
  const share = r.references ? ((100 * r.covered) / r.references).toFixed(2) : '100.00';
  console.log(`${root}: ${r.nodes} nodes; ${r.covered}/${r.references} uses found by find-all-references are edges (${share} %)`);
  for (const [kind, m] of [...r.missing].sort((a, b) => b[1].count - a[1].count)) {
    console.log(`  ${String(m.count).padStart(5)}  ${kind}`);
    for (const e of m.examples) console.log(`         ${e}`);
  }
  console.log(`${r.marks - [...r.unexplained.values()].reduce((n, m) => n + m.count, 0)}/${r.marks} lines marked by runtime edges are references find-all-references reports`);
  for (const [kind, m] of [...r.unexplained].sort((a, b) => b[1].count - a[1].count)) {
    console.log(`  ${String(m.count).padStart(5)}  ${kind}`);
    for (const e of m.examples) console.log(`         ${e}`);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
