import * as fs from 'fs';
import * as path from 'path';
import { fixtureRoot } from '../support/loadFixture';
import { ScriptedOp, replace, replayScripted } from './scriptedEdits';
import { Files } from './workspaceEdits';

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

const OPS: ScriptedOp[] = [
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

describe('incremental update equals a full rebuild: CommonJS and prototype-style edits', function () {
  this.timeout(600_000);
  replayScripted(initialFiles, OPS, { minApplied: 12, seeds: [1, 2] });
});
