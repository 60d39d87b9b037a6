import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * A save usually leaves every program with the same files, and the update keeps file ownership as it
 * was. But an edit can pull a file into a program that no config lists (an import of a file outside
 * `include`) or let one go, without creating or deleting anything: the graph must follow, exactly as
 * a full rebuild does.
 */
describe('incremental update: an edit that changes which files a program holds', () => {
  let root: string;
  beforeEach(() => {
    root = writeWorkspace('tcg-progfiles-', {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
      'src/app.ts': 'export function run(): number {\n  return 1;\n}\n',
      'tools/extra.ts': 'export function helper(): number {\n  return 2;\n}\n',
    });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('indexes a file outside include once an edit imports it, and drops it when the import goes', async () => {
    const { index, graph } = await indexWorkspace({ root });
    assert.equal(graph.hasFile('tools/extra.ts'), false);
    const app = path.join(root, 'src/app.ts');
    fs.writeFileSync(app, "import { helper } from '../tools/extra';\nexport function run(): number {\n  return helper();\n}\n");
    await index.update([app], []);
    assert.ok(graph.hasFile('tools/extra.ts'), 'the imported file is in the graph');
    assert.ok(graph.outEdges('src/app.ts#run@function').some((e) => e.to === 'tools/extra.ts#helper@function' && e.type === 'CALLS'));
    assert.deepEqual(graph.snapshot(), (await indexWorkspace({ root })).graph.snapshot());

    fs.writeFileSync(app, 'export function run(): number {\n  return 1;\n}\n');
    const report = await index.update([app], []);
    assert.deepEqual(report.removed, ['tools/extra.ts']);
    assert.equal(graph.hasFile('tools/extra.ts'), false);
    assert.deepEqual(graph.snapshot(), (await indexWorkspace({ root })).graph.snapshot());
  });

  it('drops a folder the tsconfig now excludes, and takes it back when the exclude goes (on either compiler)', async () => {
    fs.mkdirSync(path.join(root, 'src/reports'));
    fs.writeFileSync(path.join(root, 'src/reports/daily.ts'), "import { run } from '../app';\nexport function daily(): number {\n  return run();\n}\n");
    const { index, graph } = await indexWorkspace({ root });
    assert.ok(graph.hasFile('src/reports/daily.ts'));
    const config = path.join(root, 'tsconfig.json');
    const json = JSON.parse(fs.readFileSync(config, 'utf8'));
    fs.writeFileSync(config, JSON.stringify({ ...json, exclude: ['src/reports'] }));
    const report = await index.update([config], []);
    assert.deepEqual(report.removed, ['src/reports/daily.ts']);
    assert.deepEqual(graph.snapshot(), (await indexWorkspace({ root })).graph.snapshot());
    fs.writeFileSync(config, JSON.stringify(json));
    await index.update([config], []);
    assert.ok(graph.inEdges('src/app.ts#run@function').some((e) => e.from === 'src/reports/daily.ts#daily@function'));
    assert.deepEqual(graph.snapshot(), (await indexWorkspace({ root })).graph.snapshot());
  });

  it('keeps the native process when an imported data .json changes, and starts a new one when a tsconfig does', async () => {
    fs.writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, resolveJsonModule: true, module: 'esnext', moduleResolution: 'bundler' }, include: ['src'] }));
    fs.writeFileSync(path.join(root, 'src/data.json'), JSON.stringify({ limit: 3 }));
    const app = path.join(root, 'src/app.ts');
    fs.writeFileSync(app, "import data from './data.json';\nexport function run(): number {\n  return data.limit;\n}\n");
    // The native compiler's own process, whichever compiler the suite runs (test:inprocess too): no skip.
    const { index } = await indexWorkspace({ root, compiler: 'native' });
    assert.equal(index.compiler.kind, 'native');
    const pid = index.compiler.pid;
    assert.ok(pid);
    // A data file no watcher filter drops reaches the compiler as a file change (the host's watchers may report it).
    const data = path.join(root, 'src/data.json');
    fs.writeFileSync(data, JSON.stringify({ limit: 4 }));
    index.compiler.filesChanged([data], []);
    fs.appendFileSync(app, 'export const twice = (): number => run() * 2;\n');
    await index.update([app], []);
    assert.equal(index.compiler.pid, pid, 'a data file changes no configuration: the same process');
    const config = path.join(root, 'tsconfig.json');
    const json = JSON.parse(fs.readFileSync(config, 'utf8'));
    fs.writeFileSync(config, JSON.stringify({ ...json, compilerOptions: { ...json.compilerOptions, strict: false } }));
    await index.update([config], []);
    assert.notEqual(index.compiler.pid, pid, 'a tsconfig change starts a new process (it keeps an open project’s options)');
    index.dispose();
  });
});
