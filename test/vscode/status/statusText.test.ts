import * as assert from 'assert';
import type { FolderStatus } from '../../../src/vscode/graph/GraphService';
import { statusText } from '../../../src/vscode/status/statusText';

const folder = (over: Partial<FolderStatus>): FolderStatus => ({ name: 'app', state: 'ready', done: 0, total: 0, files: 10, symbols: 0, ...over });

describe(statusText.name, () => {
  it('shows progress while indexing, summed over folders', () => {
    const view = statusText([folder({ state: 'indexing', done: 120, total: 900 }), folder({ name: 'lib', state: 'indexing', done: 1000, total: 1200 })]);
    assert.strictEqual(view.text, '$(sync~spin) TS Code Graph: indexing 1,120/2,100 files');
  });

  it('shows projects while a full index walks them (queries are answered meanwhile), files in the tooltip', () => {
    const view = statusText([folder({ state: 'indexing', done: 1200, total: 6500, projects: { done: 12, total: 174 } })]);
    assert.strictEqual(view.text, '$(sync~spin) TS Code Graph: indexing 12/174 projects');
    assert.match(view.tooltip, /app: indexing 12\/174 projects \(1,200\/6,500 files\); queries are answered meanwhile/);
  });

  it('shows the symbol count when ready', () => {
    const view = statusText([folder({ symbols: 12000 }), folder({ name: 'lib', symbols: 345 })]);
    assert.strictEqual(view.text, '$(type-hierarchy) 12,345 symbols');
    assert.strictEqual(view.failed, false);
  });

  it('says in the tooltip which compiler built each graph, and why', () => {
    const typescript = 'TypeScript 7.0.2 (native, @typescript/typescript-linux-x64), with TypeScript 5.x defaults (node_modules/typescript 5.9.3); the default where its binary is installed';
    const view = statusText([folder({ symbols: 12, typescript }), folder({ name: 'lib', symbols: 3, typescript: 'the bundled TypeScript 6.0.3, with TypeScript 6 defaults (its own); in process: TypeScript 7 would give 3 of the 3 files the configs include a worse graph than 6: …' })]);
    assert.strictEqual(view.tooltip, `TS Code Graph (click for the log)\napp: 12 symbols in 10 files\n  built by ${typescript}\nlib: 3 symbols in 10 files\n  built by the bundled TypeScript 6.0.3, with TypeScript 6 defaults (its own); in process: TypeScript 7 would give 3 of the 3 files the configs include a worse graph than 6: …`);
  });

  it('shows a long update and how far it is, summed over folders, the changes in the tooltip', () => {
    const view = statusText([folder({ symbols: 28732, updating: { files: 1, seconds: 12, done: 1210, total: 3969 } }), folder({ name: 'lib', symbols: 5, updating: { files: 2, seconds: 3, done: 10, total: 31 } })]);
    assert.strictEqual(view.text, '$(sync~spin) TS Code Graph: updating 1,220/4,000 files');
    assert.strictEqual(view.failed, false);
    assert.match(view.tooltip, /app: 28,732 symbols in 10 files; updating after a changed file \(12 s, 1,210 of the 3,969 files it re-indexes so far done\); questions meanwhile are answered from the graph so far/);
    assert.match(view.tooltip, /lib: 5 symbols in 10 files; updating after changes to 2 files \(3 s, 10 of the 31/);
    // Still building its programs: no count yet.
    assert.strictEqual(statusText([folder({ symbols: 5, updating: { files: 1, seconds: 2 } })]).text, '$(sync~spin) TS Code Graph: updating…');
    // Done: the symbol count again.
    assert.strictEqual(statusText([folder({ symbols: 5 })]).text, '$(type-hierarchy) 5 symbols');
  });

  it('flags failures, and says why in the tooltip', () => {
    const all = statusText([folder({ state: 'failed', error: 'boom' })]);
    assert.strictEqual(all.text, '$(warning) TS Code Graph: index failed');
    assert.match(all.tooltip, /app: boom/);
    assert.strictEqual(statusText([folder({ symbols: 5 }), folder({ name: 'lib', state: 'failed' })]).failed, true);
  });

  it('a graph known to be incomplete is a warning state with the errors in the tooltip, not "ready"', () => {
    const view = statusText([folder({ symbols: 1234, errors: ['src/gen/big.ts could not be analysed: too deep; calls inside it are missing'] }), folder({ name: 'lib', symbols: 1 })]);
    assert.strictEqual(view.text, '$(warning) 1,235 symbols, graph incomplete (1 error)');
    assert.strictEqual(view.failed, true);
    assert.match(view.tooltip, /app: 1,234 symbols .*\n  src\/gen\/big\.ts could not be analysed/);
  });

  it('says the worker is restarting after a crash', () => {
    const view = statusText([folder({ state: 'restarting', error: 'the graph worker ran out of memory' })]);
    assert.strictEqual(view.text, '$(sync~spin) TS Code Graph: restarting the graph worker');
    assert.match(view.tooltip, /app: the graph worker ran out of memory; restarting/);
  });
});
