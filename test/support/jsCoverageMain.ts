import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { measureJsCoverage, percent } from './jsCoverage';
import { FIXTURES_DIR } from './loadFixture';

/**
 * `npm run coverage:js [root]`: indexes a JavaScript package (default: the vendored express 4.21.2)
 * and prints how much of it the graph covers (see measureJsCoverage), with what is missing.
 */
async function main(): Promise<void> {
  const root = path.resolve(process.argv[2] ?? path.join(FIXTURES_DIR, 'express-4.21.2'));
  const { graph } = await indexWorkspace({ root });
  const c = measureJsCoverage(root, graph);
  console.log(`JavaScript coverage of ${root}`);
  console.log(`  functions (TypeScript navigation tree, named): ${c.functions.covered}/${c.functions.total} = ${percent(c.functions)}`);
  console.log(`  call sites of those functions with a CALLS edge: ${c.calls.covered}/${c.calls.total} = ${percent(c.calls)}`);
  console.log(`  outgoing calls TypeScript's call hierarchy lists, with a CALLS or REFERENCES edge: ${c.hierarchy.covered}/${c.hierarchy.total} = ${percent(c.hierarchy)}`);
  for (const m of c.functions.missing) console.log(`  missing function: ${m}`);
  for (const m of c.calls.missing) console.log(`  missing call: ${m}`);
  for (const m of c.hierarchy.missing) console.log(`  missing outgoing call: ${m}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
