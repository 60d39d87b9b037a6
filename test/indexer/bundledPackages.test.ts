import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { discoverProjects } from '../../src/core/indexer/program/discoverProjects';
import { WorkspacePackages } from '../../src/core/indexer/program/workspacePackages';
import { edge, linesOf } from '../support/graphLookup';
import { FIXTURES_DIR } from '../support/loadFixture';

const SERVER = 'packages/app/src/server.ts';
const INDEX = 'packages/lib/src/index.ts';
const NEXT = 'packages/lib/src/adapters/next.ts';

/**
 * A monorepo package built by a bundler (tsup, tsdown, unbuild): its `exports` point at
 * `dist/index.d.mts` and `dist/adapters/next.d.mts`, no tsconfig of it emits there, and it is not
 * built. tRPC's packages are so: every import of `@trpc/server` by name from its examples was lost,
 * on both compilers. Now the bundler's convention (`dist/x.d.mts` from `src/x.ts`) maps them.
 */
describe('a bundler-built workspace package imported by name reaches its sources (test/fixtures/bundled-packages)', function () {
  this.timeout(120_000);
  const root = path.join(FIXTURES_DIR, 'bundled-packages');

  for (const compiler of ['inprocess', 'native'] as const) {
    it(`${compiler}: the calls end at the sources, the main entry and a subpath, unbuilt`, async () => {
      const { index, graph, report } = await indexWorkspace({ root, compiler });
      try {
        assert.equal(index.compiler.kind, compiler);
        assert.deepEqual(linesOf(edge(graph, SERVER, 'start', 'CALLS', INDEX, 'createRouter')), [5]);
        assert.deepEqual(linesOf(edge(graph, SERVER, 'start', 'CALLS', NEXT, 'nextHandler')), [6]);
        assert.deepEqual(linesOf(edge(graph, SERVER, 'start', 'CALLS', INDEX, 'LibError')), [7]);
        assert.deepEqual(report.warnings, []);
        assert.deepEqual(graph.files().sort(), [SERVER, NEXT, INDEX].sort());
      } finally {
        index.dispose();
      }
    });
  }

  it('built, the calls still end at the sources on both compilers, not at the bundle', async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-bundled-'));
    try {
      fs.cpSync(root, copy, { recursive: true });
      const dist = path.join(copy, 'packages/lib/dist');
      fs.mkdirSync(path.join(dist, 'adapters'), { recursive: true });
      const index = 'export declare class LibError extends Error {\n  readonly code: string;\n  constructor(code: string);\n}\nexport declare function createRouter(name: string): { name: string };\n';
      for (const ext of ['mts', 'cts']) {
        fs.writeFileSync(path.join(dist, `index.d.${ext}`), index);
        fs.writeFileSync(path.join(dist, `adapters/next.d.${ext}`), 'export declare function nextHandler(path: string): { name: string };\n');
      }
      for (const compiler of ['inprocess', 'native'] as const) {
        const { index: built, graph } = await indexWorkspace({ root: copy, compiler });
        try {
          edge(graph, SERVER, 'start', 'CALLS', INDEX, 'createRouter');
          edge(graph, SERVER, 'start', 'CALLS', NEXT, 'nextHandler');
          assert.deepEqual(graph.files().sort(), [SERVER, NEXT, INDEX].sort(), compiler);
        } finally {
          built.dispose();
        }
      }
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it('maps a declaration file in dist/ to the source of its path and stem only', () => {
    const w = WorkspacePackages.discover(ts, root, discoverProjects(ts, root));
    const lib = `${root}/packages/lib`;
    const exists = (f: string) => fs.existsSync(f);
    assert.equal(w.sourceFor(`${lib}/dist/index.d.mts`, exists), `${lib}/src/index.ts`);
    assert.equal(w.sourceFor(`${lib}/dist/index.d.cts`, exists), `${lib}/src/index.ts`);
    assert.equal(w.sourceFor(`${lib}/dist/adapters/next.d.ts`, exists), `${lib}/src/adapters/next.ts`);
    // No source of that stem (vite's dist/esm/index.d.ts), not a declaration file, not in dist/: no guess.
    assert.equal(w.sourceFor(`${lib}/dist/esm/index.d.ts`, exists), undefined);
    assert.equal(w.sourceFor(`${lib}/dist/index.mjs`, exists), undefined);
    assert.equal(w.sourceFor(`${lib}/lib/index.d.ts`, exists), undefined);
  });

  for (const compiler of ['inprocess', 'native'] as const) {
    it(`${compiler}: an import of a new subpath, then its source created, as a full index reads them`, async () => {
      const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-bundled-'));
      try {
        fs.cpSync(root, copy, { recursive: true });
        const manifest = path.join(copy, 'packages/lib/package.json');
        const json = JSON.parse(fs.readFileSync(manifest, 'utf8'));
        json.exports['./adapters/*'] = { import: { types: './dist/adapters/*.d.mts', default: './dist/adapters/*.mjs' } };
        fs.writeFileSync(manifest, JSON.stringify(json));
        const { index } = await indexWorkspace({ root: copy, compiler });
        try {
          const write = (rel: string, text: string) => fs.writeFileSync(path.join(copy, rel), text);
          const express = 'packages/lib/src/adapters/express.ts';
          const steps: [string, () => void, string[], boolean][] = [
            ['import a subpath no file imported, its source missing', () => write('packages/app/src/late.ts', "import { expressHandler } from '@fx/lib/adapters/express';\n\nexport function late(): string {\n  return expressHandler();\n}\n"), ['packages/app/src/late.ts'], false],
            ['create its source', () => write(express, "export function expressHandler(): string {\n  return 'express';\n}\n"), [express], true],
          ];
          for (const [step, act, changed, reached] of steps) {
            act();
            await index.update(changed, []);
            const fresh = await indexWorkspace({ root: copy, compiler });
            try {
              const targets = (g: typeof index.graph) => g.outEdges('packages/app/src/late.ts#late@function').map((e) => e.to);
              assert.deepEqual(targets(fresh.graph), reached ? [`${express}#expressHandler@function`] : [], step);
              assert.deepEqual(index.graph.snapshot(), fresh.graph.snapshot(), step);
            } finally {
              fresh.index.dispose();
            }
          }
        } finally {
          index.dispose();
        }
      } finally {
        fs.rmSync(copy, { recursive: true, force: true });
      }
    });
  }

  it("a package's own `source` condition comes before the bundler's convention", async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-bundled-'));
    try {
      fs.cpSync(root, copy, { recursive: true });
      const manifest = path.join(copy, 'packages/lib/package.json');
      const json = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      json.exports['.'].import.source = './src/main.ts';
      fs.writeFileSync(manifest, JSON.stringify(json));
      fs.writeFileSync(path.join(copy, 'packages/lib/src/main.ts'), "export { LibError } from './index';\nexport function createRouter(name: string): { name: string } {\n  return { name };\n}\n");
      for (const compiler of ['inprocess', 'native'] as const) {
        const { index, graph } = await indexWorkspace({ root: copy, compiler });
        try {
          edge(graph, SERVER, 'start', 'CALLS', 'packages/lib/src/main.ts', 'createRouter');
          edge(graph, SERVER, 'start', 'CALLS', NEXT, 'nextHandler');
        } finally {
          index.dispose();
        }
      }
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
