import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { measureJsCoverage, percent } from './jsCoverage';
import { FIXTURES_DIR } from './loadFixture';
import { ensurePackageSources, FASTIFY } from './npmPackageSources';

/**
 * `npm run coverage:js [root]`: indexes a JavaScript package and prints how much of it the graph
 * covers (see measureJsCoverage), with what is missing. Without a root: the vendored express 4.21.2
 * (constructor functions, prototypes) and koa 3.3.0 (object-literal modules), and fastify 5.12.8 from
 * npm (objects made by factories, Object.defineProperties).
 */
async function main(): Promise<void> {
  const roots = process.argv[2] ? [path.resolve(process.argv[2])] : [path.join(FIXTURES_DIR, 'express-4.21.2'), path.join(FIXTURES_DIR, 'koa-3.3.0'), ensurePackageSources(FASTIFY)];
  for (const root of roots) await report(root);
}

async function report(root: string): Promise<void> {
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
