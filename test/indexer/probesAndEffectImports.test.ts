import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { SymbolGraph } from '../../src/core/graph/SymbolGraph';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { node } from '../support/graphLookup';

/**
 * Issue 33: a feature probe (`typeof x.m === 'function'`, `'m' in x`) asks whether `m` is there; it
 * is no use of `m` (it pulled every CLI command into the dependents of a central `save`). An import
 * for effect (`import './x'`) runs x's top-level code: the one use of a module that names no export.
 */
describe('indexWorkspace: feature probes and imports for effect', () => {
  let root: string;
  let graph: SymbolGraph;
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  const edgesInto = (file: string, name: string) => graph.inEdges(node(graph, file, name).id).map((e) => `${graph.getNode(e.from)!.name} ${e.type} ${e.lines?.join(',')}`);

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-probes-'));
    write('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'commonjs', allowJs: true, types: [] }, include: ['src'] }));
    write('src/store.ts', 'export interface Store {\n  save?(): void;\n  load(): void;\n}\n');
    write(
      'src/probe.ts',
      [
        "import { Store } from './store';",
        '',
        'export function probe(s: Store): boolean {',
        "  if (typeof s.save === 'function') return true;",
        '  if (typeof s.save !== "function") return false;',
        "  if ('function' == typeof (s.save)) return true;",
        "  if ('save' in s) return true;",
        '  return false;',
        '}',
        '',
        'export function use(s: Store): void {',
        '  s.save?.();',
        "  const t = typeof s.load;",
        '  void t;',
        '}',
        '',
      ].join('\n'),
    );
    write('src/polyfill.ts', 'export const installed = true;\n');
    write('src/setup.js', 'module.exports = 1;\n');
    write('src/main.ts', "import './polyfill';\nimport { probe } from './probe';\n\nexport function main(): void {\n  probe({ load() {} });\n}\n");
    write('src/boot.js', "require('./setup');\nconst p = require('./probe');\np.use({ load() {} });\n");
    ({ graph } = await indexWorkspace({ root }));
  });

  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('adds no REFERENCES edge for a typeof probe compared with a string, in any spelling', () => {
    assert.deepEqual(edgesInto('src/store.ts', 'Store.save'), ['use CALLS 12']);
  });

  it('keeps the dependency on the probed type\'s file (an edit there must re-extract the prober)', () => {
    assert.ok(graph.getContribution('src/probe.ts')!.dependsOnFiles!.includes('src/store.ts'));
  });

  it('keeps `typeof x.m` that is no comparison as a read', () => {
    assert.deepEqual(edgesInto('src/store.ts', 'Store.load'), ['use REFERENCES 13']);
  });

  it('makes `import \'./x\'` and a bare `require(\'./x\')` CALLS of x\'s module node, and an import naming exports nothing', () => {
    assert.deepEqual(edgesInto('src/polyfill.ts', 'src/polyfill.ts'), ['src/main.ts CALLS 1']);
    assert.deepEqual(edgesInto('src/setup.js', 'src/setup.js'), ['src/boot.js CALLS 1']);
    assert.deepEqual(edgesInto('src/probe.ts', 'src/probe.ts'), []);
  });
});
