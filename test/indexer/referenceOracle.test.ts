import * as assert from 'node:assert/strict';
import { JS_BLIND_SPOT, compareWithFindReferences } from '../support/referenceOracle';
import { FIXTURE_NAMES, loadFixture } from '../support/loadFixture';

/**
 * TypeScript's own find-all-references as the oracle for runtime edges: every use of a node it
 * reports (a call, a read, a JSX tag, a destructured member) is an edge into that node, from the
 * referencing file, at that line; and every line a runtime edge marks is a reference it reports,
 * except edges made by design without one (`super()`, `this.m()` in untyped JavaScript) and edges
 * from JavaScript files through CommonJS exports, which find-all-references does not follow. On
 * every fixture, the vendored express included; `npm run oracle` prints the comparison for any
 * workspace.
 */
describe('the graph agrees with find-all-references', () => {
  for (const name of FIXTURE_NAMES) {
    it(`has an edge for every use TypeScript finds: ${name}`, async () => {
      const { root, graph } = await loadFixture(name);
      const r = compareWithFindReferences(root, graph);
      const listed = (groups: typeof r.missing) => [...groups].map(([kind, m]) => `${m.count} ${kind}:\n  ${m.examples.join('\n  ')}`);
      assert.deepEqual(listed(r.missing), [], `${r.covered}/${r.references} uses are edges`);
      // And the other way, where TypeScript's answer is complete: every line a runtime edge marks is a reference.
      const unexplained = new Map([...r.unexplained].filter(([kind]) => !kind.startsWith('by design') && !kind.startsWith(JS_BLIND_SPOT)));
      assert.deepEqual(listed(unexplained), [], `${r.marks} lines marked by runtime edges`);
      if (name === 'express-4.21.2' || name === 'destructuring') assert.ok(r.references >= 10, `${name}: only ${r.references} uses compared`);
    });
  }
});
