import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { fixtureRoot } from '../support/loadFixture';
import { mulberry32 } from '../support/mulberry32';
import { replay } from './replayEdits';
import { Edit, Files } from './workspaceEdits';

/**
 * Issue 11's incremental bar: edits to CommonJS / prototype-style files (a method's body, a renamed
 * prototype method, a deleted one, a changed `module.exports`, a renamed export, a deleted and
 * re-created module) leave the graph and every answer exactly as a full rebuild would.
 */
function initialFiles(): Files {
  const files: Files = new Map();
  for (const f of ['app.js', 'route.js', 'utils.js']) files.set(f, fs.readFileSync(path.join(fixtureRoot('commonjs-repro'), f), 'utf8'));
  const lib = path.join(fixtureRoot('js-shapes'), 'lib');
  for (const f of fs.readdirSync(lib)) files.set(`shapes/${f}`, fs.readFileSync(path.join(lib, f), 'utf8'));
  return files;
}

type Op = { label: string; apply: (files: Files) => Record<string, string | null> | undefined };

const replace = (file: string, from: string, to: string) => (files: Files) => {
  const text = files.get(file);
  return text !== undefined && text.includes(from) ? { [file]: text.split(from).join(to) } : undefined;
};

const OPS: Op[] = [
  { label: "edit app.set's body (normalize → compileTrust)", apply: replace('app.js', 'utils.normalize(value)', 'compileTrust(value)') },
  { label: 'rename Route.prototype.dispatch → run', apply: replace('route.js', 'Route.prototype.dispatch', 'Route.prototype.run') },
  { label: 'call Route.prototype.run from Layer.match', apply: replace('route.js', '.dispatch(p)', '.run(p)') },
  { label: 'delete Route.prototype.handle', apply: replace('route.js', 'Route.prototype.handle = function (req) { return req; };\n', '') },
  { label: 'route.js exports Layer instead of Route', apply: replace('route.js', 'module.exports = Route;', 'module.exports = Layer;') },
  { label: "rename utils' export normalize → clean", apply: replace('utils.js', 'exports.normalize', 'exports.clean') },
  { label: 'delete utils.js', apply: (files) => (files.has('utils.js') ? { 'utils.js': null } : undefined) },
  {
    label: 're-create utils.js',
    apply: (files) => (files.has('utils.js') ? undefined : { 'utils.js': initialFiles().get('utils.js')! }),
  },
  { label: 'delete Queue.prototype.size', apply: replace('shapes/shapes.js', 'Queue.prototype.size = function size() {\n  return this.items.length;\n};\n', '') },
  { label: 'Stack.prototype literal loses top', apply: replace('shapes/shapes.js', '  top: function () {\n    return 1;\n  },\n', '') },
  { label: "rename helpers' exports.double → twice", apply: replace('shapes/helpers.js', 'exports.double = ', 'exports.twice = ') },
  { label: 'createServer becomes a named function', apply: replace('shapes/createServer.js', 'module.exports = function (name)', 'module.exports = function serve(name)') },
  { label: 'registry.has becomes a prototype-less expando on plugin', apply: replace('shapes/registry.js', 'registry.has = function', 'plugin.has = function') },
];

function toEdit(op: Op, files: Files): Edit | undefined {
  const writes = op.apply(files);
  if (!writes) return undefined;
  const edit: Edit = { label: op.label, changed: [], deleted: [], writes: {} };
  for (const [file, text] of Object.entries(writes)) {
    if (text === null) {
      files.delete(file);
      edit.deleted.push(file);
    } else {
      files.set(file, text);
      edit.changed.push(file);
      edit.writes![file] = text;
    }
  }
  return edit;
}

/** The ops in the given order, each applied where it still applies. */
function sequence(order: Op[]): Edit[] {
  const files = initialFiles();
  return order.map((op) => toEdit(op, files)).filter((e): e is Edit => e !== undefined);
}

describe('incremental update equals a full rebuild: CommonJS and prototype-style edits', function () {
  this.timeout(600_000);

  it('in the written order', async () => {
    const edits = sequence(OPS);
    assert.ok(edits.length >= 12, `${edits.length} edits applied`);
    const failure = await replay(initialFiles(), edits);
    assert.equal(failure, undefined, failure && `after "${edits[failure.step].label}":\n${failure.detail}`);
  });

  for (const seed of [1, 2]) {
    it(`in a random order (seed ${seed})`, async () => {
      const random = mulberry32(seed);
      const order = [...OPS];
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      const edits = sequence(order);
      const failure = await replay(initialFiles(), edits);
      assert.equal(failure, undefined, failure && `after ${edits.slice(0, failure.step + 1).map((e) => e.label).join(' → ')}:\n${failure.detail}`);
    });
  }
});
