import * as assert from 'node:assert/strict';
import { fixtureDir } from '../support/goldenFixtures';
import { runBuiltCli } from './builtArtifacts';

/**
 * Issue 41, item 8, as shipped (dist/cli.js) on test/fixtures/js-factories: the members of an object a
 * factory returns, and the accessors of Object.defineProperties, are answerable symbols whose callers
 * the answer lists.
 */
describe('built dist/cli.js: objects made by factories and Object.defineProperties (issue 41)', function () {
  this.timeout(120_000);
  const cli = (...args: string[]) => {
    const r = runBuiltCli(['--root', fixtureDir('js-factories'), ...args]);
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  };

  it("lists who calls a made object's method, in JavaScript and TypeScript", () => {
    assert.match(cli('dependentsOf', 'lib/routing.js', 'buildRouting.setup'), /^lib\/server\.js --REFERENCES--> createServer --CALLS--> buildRouting\.setup$/m);
    assert.match(cli('dependentsOf', 'lib/noop-set.js', 'noopSet.add'), /createServer --CALLS--> noopSet\.add$/m);
    assert.match(cli('dependentsOf', 'src/schema.ts', 'string.parse'), /^validate --CALLS--> string\.parse$/m);
  });

  it("lists who reads a defined getter and who writes its setter", () => {
    assert.match(cli('dependentsOf', 'lib/reply.js', 'Reply.sent'), /^Reply\.send --REFERENCES--> Reply\.sent$/m);
    assert.match(cli('dependentsOf', 'lib/reply.js', 'set Reply.statusCode'), /^Reply\.code --REFERENCES--> Reply\.statusCode$/m);
  });
});
