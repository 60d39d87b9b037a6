import * as assert from 'node:assert/strict';
import { compareWithFindReferences } from '../support/referenceOracle';
import { FIXTURE_NAMES, loadFixture } from '../support/loadFixture';

/**
 * TypeScript's own find-all-references as the oracle for runtime edges: every use of a node it
 * reports (a call, a read, a JSX tag, a destructured member) is an edge into that node, from the
 * referencing file, at that line. On every fixture, the vendored express included; `npm run oracle`
 * prints the same comparison for any workspace.
 */
describe('the graph agrees with find-all-references', () => {
  for (const name of FIXTURE_NAMES) {
    it(`has an edge for every use TypeScript finds: ${name}`, async () => {
      const { root, graph } = await loadFixture(name);
      const r = compareWithFindReferences(root, graph);
      const missing = [...r.missing].map(([kind, m]) => `${m.count} ${kind}:\n  ${m.examples.join('\n  ')}`);
      assert.deepEqual(missing, [], `${r.covered}/${r.references} uses are edges`);
      if (name === 'express-4.21.2' || name === 'destructuring') assert.ok(r.references >= 10, `${name}: only ${r.references} uses compared`);
    });
  }
});
