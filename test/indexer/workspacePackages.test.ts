import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { CodeGraph } from '../../src/core/CodeGraph';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { pnpmWorkspacePackages } from '../../src/core/indexer/program/workspaceGlobs';
import { sourceCondition } from '../../src/core/indexer/program/sourceCondition';
import { affectedSpecifiers } from '../../src/core/indexer/program/sourcePaths';
import { WorkspacePackages } from '../../src/core/indexer/program/workspacePackages';
import { pinnedNative } from '../../src/core/compiler/native/nativeModules';
import * as ts from 'typescript';
import { foundNodes } from '../support/graphLookup';
import { writeWorkspace } from '../support/hostileWorkspace';
import { APP_FILE, CORE_FILE, CORE_UTIL, WorkspaceFixtureOptions, buildCore, writeWorkspaceFixture } from '../support/workspacePackagesFixture';

/**
 * Issue 29, item 4: a workspace package imported by name, its declared types in an unbuilt dist/,
 * and no project references. Every call into it was lost (and the warning said "install the
 * dependencies"); the editor loses these too. Now its outputs stand for its sources.
 */
describe('workspace packages imported by name resolve to their sources (no project references)', () => {
  const roots: string[] = [];
  after(() => {
    for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
  });
  const fixture = (opts: WorkspaceFixtureOptions) => {
    const root = writeWorkspaceFixture(opts);
    roots.push(root);
    return root;
  };
  const dependents = (cg: CodeGraph, file: string, symbol: string) =>
    foundNodes(cg.dependentsOf(file, symbol))
      .map((n) => `${n.file}:${n.name}`)
      .sort();

  const variants: [string, WorkspaceFixtureOptions][] = [
    ['npm workspaces, symlinked at the root', { manager: 'npm' }],
    ['pnpm-workspace.yaml, symlinked in the package', { manager: 'pnpm' }],
    ['npm workspaces, listed but not installed (no symlink)', { manager: 'npm', link: false }],
    ['pnpm-workspace.yaml, listed but not installed', { manager: 'pnpm', link: false }],
    ['a `source` export condition (a tsconfig that does not emit)', { manager: 'npm', layout: 'sourceCondition', appModule: 'esnext-bundler' }],
    ['a `source` export condition under node10 resolution', { manager: 'pnpm', layout: 'sourceCondition' }],
  ];
  for (const [name, opts] of variants) {
    it(`${name}: dependentsOf lists the app's callers, and no warning`, async () => {
      const root = fixture(opts);
      const cg = await CodeGraph.open({ root });
      assert.deepEqual(dependents(cg, CORE_FILE, 'createId'), [`${APP_FILE}:run`]);
      assert.deepEqual(dependents(cg, CORE_UTIL, 'pad'), [`${APP_FILE}:run`, `${APP_FILE}:tidy`, `${CORE_FILE}:createId`]);
      const targets = cg.graph.outEdges(`${APP_FILE}#run@function`).map((e) => e.to);
      assert.deepEqual(targets, [`${CORE_FILE}#createId@function`]);
      assert.deepEqual(cg.report.warnings, []);
      assert.deepEqual(cg.report.errors, []);
      // Each file once, by its own project: no build output, nothing under node_modules.
      assert.deepEqual(cg.graph.files().sort(), [APP_FILE, CORE_FILE, CORE_UTIL]);
    });
  }

  it('built, the calls still end at the sources, not the emitted declarations', async () => {
    const root = fixture({ manager: 'npm' });
    buildCore(root);
    const cg = await CodeGraph.open({ root });
    assert.deepEqual(dependents(cg, CORE_FILE, 'createId'), [`${APP_FILE}:run`]);
    assert.deepEqual(cg.graph.files().sort(), [APP_FILE, CORE_FILE, CORE_UTIL]);
  });

  for (const layout of ['outDir', 'sourceCondition'] as const) {
    it(`follows edits of the package, and its build later, as a full index does (${layout})`, async () => {
      const root = fixture({ manager: 'npm', layout, appModule: layout === 'outDir' ? 'commonjs' : 'esnext-bundler' });
      const { index } = await indexWorkspace({ root });
      const write = (rel: string, text: string) => fs.writeFileSync(path.join(root, rel), text);
      const original = fs.readFileSync(path.join(root, CORE_FILE), 'utf8');
      const steps: [string, () => void, string[], string[]][] = [
        ['rename createId', () => write(CORE_FILE, original.replace('createId', 'makeId')), [CORE_FILE], []],
        ['restore it', () => write(CORE_FILE, original), [CORE_FILE], []],
        ['build dist', () => buildCore(root), ['packages/core/dist/index.d.ts', 'packages/core/dist/util.d.ts', 'packages/core/dist/index.js'], []],
        ['edit after the build', () => write(CORE_FILE, original.replace("'-1'", "'-2'")), [CORE_FILE], []],
        ['delete the build', () => fs.rmSync(path.join(root, 'packages/core/dist'), { recursive: true }), [], ['packages/core/dist']],
      ];
      for (const [step, act, changed, deleted] of steps) {
        act();
        await index.update(changed, deleted);
        const fresh = await indexWorkspace({ root });
        const hasEdge = (snapshot: { edges: string[] }) => snapshot.edges.some((e) => e.includes(`${APP_FILE}#run@function`) && e.includes(`${CORE_FILE}#createId@function`));
        assert.equal(hasEdge(fresh.graph.snapshot()), step !== 'rename createId', step);
        assert.deepEqual(index.graph.snapshot(), fresh.graph.snapshot(), step);
        assert.deepEqual(fresh.report.warnings, [], step);
      }
    });
  }

  it('a source created in the package reaches the importers that waited for it, as a full index does', async () => {
    const root = fixture({ manager: 'npm' });
    const later = path.join(root, 'packages/app/src/later.ts');
    fs.writeFileSync(later, "import { extra } from '@acme/core/dist/extra';\n\nexport function useExtra(): number {\n  return extra();\n}\n");
    const { index, report } = await indexWorkspace({ root });
    assert.match(report.warnings.join('\n'), /'@acme\/core' \(1 file\) in packages\/core/);
    fs.writeFileSync(path.join(root, 'packages/core/src/extra.ts'), 'export function extra(): number {\n  return 1;\n}\n');
    await index.update(['packages/core/src/extra.ts'], []);
    const fresh = await indexWorkspace({ root });
    assert.deepEqual(
      index.graph.outEdges('packages/app/src/later.ts#useExtra@function').map((e) => e.to),
      ['packages/core/src/extra.ts#extra@function'],
    );
    assert.deepEqual(index.graph.snapshot(), fresh.graph.snapshot());
  });

  // TypeScript 7 reads our resolution of the packages as its configs' paths (sourcePaths): an update
  // that may move one of them rebuilds. On tRPC every created or deleted file resolved all 49
  // projects' specifiers again; now only those the change can move (affectedSpecifiers).
  it('TypeScript 7: a file created or deleted where no import of a package resolves is an update, not a rebuild; deleting and restoring the source an import resolves to follows as a full index does', async () => {
    const root = fixture({ manager: 'npm' });
    const compiler = 'problem' in pinnedNative() ? undefined : ('native' as const);
    const { index } = await indexWorkspace({ root, compiler });
    const util = path.join(root, CORE_UTIL);
    const utilText = fs.readFileSync(util, 'utf8');
    const steps: [string, () => void, string[], string[], (reindexed: string[]) => void][] = [
      [
        'a file created in the app',
        () => fs.writeFileSync(path.join(root, 'packages/app/src/extra.ts'), 'export function extra(): number {\n  return 2;\n}\n'),
        ['packages/app/src/extra.ts'],
        [],
        (reindexed) => assert.deepEqual(reindexed, ['packages/app/src/extra.ts'], 'only the new file, no rebuild'),
      ],
      ['that file deleted', () => fs.rmSync(path.join(root, 'packages/app/src/extra.ts')), [], ['packages/app/src/extra.ts'], (reindexed) => assert.ok(!reindexed.includes(CORE_FILE), `no rebuild: ${reindexed}`)],
      ["the source '@acme/core/dist/util' resolves to deleted", () => fs.rmSync(util), [], [CORE_UTIL], () => {}],
      ['and created again', () => fs.writeFileSync(util, utilText), [CORE_UTIL], [], () => {}],
    ];
    try {
      for (const [step, act, changed, deleted, check] of steps) {
        act();
        const report = await index.update(changed, deleted);
        check(report.reindexed);
        const fresh = await indexWorkspace({ root, compiler });
        try {
          assert.deepEqual(index.graph.snapshot(), fresh.graph.snapshot(), step);
        } finally {
          fresh.index.dispose();
        }
      }
      assert.deepEqual(index.graph.outEdges(`${APP_FILE}#tidy@function`).map((e) => e.to), [`${CORE_UTIL}#pad@function`], 'the call into the restored source');
    } finally {
      index.dispose();
    }
  });

  it('affectedSpecifiers: the new ones, those of a package holding a created file, those resolving to a deleted file; nothing for a file in no package', () => {
    const root = fixture({ manager: 'npm' });
    const configs = [{ configPath: path.join(root, 'packages/app/tsconfig.json'), fileNames: [], options: {}, sourcePaths: { '@acme/core': path.join(root, CORE_FILE), '@acme/core/dist/util': path.join(root, CORE_UTIL) } }];
    const workspace = WorkspacePackages.discover(ts, fs.realpathSync(root), []);
    const real = fs.realpathSync(root);
    const known = new Map([
      ['@acme/core', [path.join(real, APP_FILE)]],
      ['@acme/core/dist/util', [path.join(real, APP_FILE)]],
      ['@acme/app', [path.join(real, CORE_FILE)]],
    ]);
    const keys = (m: Map<string, string[]>) => [...m.keys()].sort();
    const affected = (added: string[], created: string[], deleted: string[]) => keys(affectedSpecifiers(known, added, created, deleted, configs as never, workspace));
    assert.deepEqual(affected([], [path.join(real, 'packages/core/src/new.ts')], []), ['@acme/core', '@acme/core/dist/util']);
    assert.deepEqual(affected([], [path.join(real, 'packages/app/src/new.ts')], []), ['@acme/app']);
    assert.deepEqual(affected([], [path.join(real, 'scripts/tool.ts')], []), [], 'the root package has no specifier naming it');
    assert.deepEqual(affected([], [], [path.join(root, CORE_UTIL)]), ['@acme/core/dist/util']);
    assert.deepEqual(affected([], [], [path.join(root, 'packages/core/src/other.ts')]), [], 'a deleted file no entry names');
    assert.deepEqual(affected(['@acme/app'], [], []), ['@acme/app']);
  });

  it('reads the simple YAML of pnpm-workspace.yaml: block and flow lists, quotes, comments', () => {
    assert.deepEqual(pnpmWorkspacePackages("packages:\n  # apps\n  - 'apps/*'\n  - \"packages/**\" # all\n  - tools/cli\ncatalog:\n  - x\n"), ['apps/*', 'packages/**', 'tools/cli']);
    assert.deepEqual(pnpmWorkspacePackages("packages: ['a/*', \"b\"]\n"), ['a/*', 'b']);
    assert.deepEqual(pnpmWorkspacePackages('onlyBuiltDependencies:\n  - esbuild\n'), []);
  });

  it('finds the source or development condition for a subpath, patterns included', () => {
    const manifest = {
      source: './src/main.ts',
      exports: {
        '.': { import: { types: './dist/index.d.ts', development: './src/index.ts' } },
        './feature/*': { types: './dist/feature/*.d.ts', source: './src/feature/*.ts' },
        './plain': './dist/plain.js',
      },
    };
    assert.equal(sourceCondition(manifest, '.'), './src/index.ts');
    assert.equal(sourceCondition(manifest, './feature/a'), './src/feature/a.ts');
    assert.equal(sourceCondition(manifest, './plain'), undefined);
    assert.equal(sourceCondition({ source: 'src/index.ts' }, '.'), 'src/index.ts');
  });
});

describe('workspace members in dot folders (tRPC lists `examples/.*/*`)', () => {
  let root: string;
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('are found and indexed when a workspace glob names the dot folder; other dot folders stay out', async () => {
    root = writeWorkspace('tcg-dot-members-', {
      'package.json': JSON.stringify({ name: 'root', private: true }),
      'pnpm-workspace.yaml': "packages:\n  - 'packages/*'\n  - 'examples/*'\n  - 'examples/.*/*'\n",
      'packages/lib/package.json': JSON.stringify({ name: 'lib' }),
      'packages/lib/tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
      'packages/lib/src/index.ts': 'export function shared() {\n  return 1;\n}\n',
      'examples/.test/ssg/package.json': JSON.stringify({ name: 'ssg' }),
      'examples/.test/ssg/tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
      'examples/.test/ssg/src/page.ts': "import { shared } from '../../../../packages/lib/src/index';\nexport function page() {\n  return shared();\n}\n",
      // Not a member (no glob names it): a tool's hidden folder.
      '.cache/tool/tsconfig.json': JSON.stringify({ compilerOptions: { noEmit: true }, include: ['*.ts'] }),
      '.cache/tool/junk.ts': 'export const junk = 1;\n',
    });
    const { index, report } = await indexWorkspace({ root });
    try {
      assert.deepEqual(report.projects.filter((p) => p.includes('examples') || p.includes('.cache')), ['examples/.test/ssg/tsconfig.json']);
      assert.ok(index.graph.files().includes('examples/.test/ssg/src/page.ts'), index.graph.files().join(', '));
      assert.ok(!index.graph.files().some((f) => f.startsWith('.cache/')), index.graph.files().join(', '));
    } finally {
      index.dispose();
    }
  });
});
