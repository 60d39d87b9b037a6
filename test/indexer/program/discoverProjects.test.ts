import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { discoverProjects } from '../../../src/core/indexer/program/discoverProjects';
import { compilerDefaults } from '../../../src/core/indexer/program/compilerDefaults';
import { CodeGraph } from '../../../src/core/CodeGraph';
import { writeWorkspace } from '../../support/hostileWorkspace';

/**
 * vercel/ai's examples/angular: its tsconfig.json is a solution (`files: []`) referencing only the
 * packages, and the app's own configs (tsconfig.app.json, tsconfig.server.json, which angular.json
 * names) were never found: its server, calling streamText twice, was "not part of any TypeScript
 * project". A solution config's siblings that list files are its folder's projects; a sibling that
 * lists none (a base to extend) is not, nor is a variant beside a config that holds files itself.
 */
describe('discoverProjects: configs beside a solution config', () => {
  let root: string;
  before(() => {
    const lib = { strict: true, module: 'esnext', moduleResolution: 'bundler', types: [] };
    root = writeWorkspace('tcg-discover-', {
      'lib/tsconfig.json': JSON.stringify({ compilerOptions: { ...lib, composite: true }, include: ['src'] }),
      'lib/src/stream.ts': 'export function streamText(): string {\n  return "";\n}\n',
      'app/tsconfig.json': JSON.stringify({ files: [], references: [{ path: '../lib' }] }),
      'app/tsconfig.base.json': JSON.stringify({ compilerOptions: lib }),
      'app/tsconfig.app.json': JSON.stringify({ extends: './tsconfig.base.json', files: ['src/main.ts'] }),
      'app/tsconfig.server.json': JSON.stringify({ extends: './tsconfig.base.json', include: ['src/server.ts'] }),
      'app/src/main.ts': 'export const main = 1;\n',
      'app/src/server.ts': "import { streamText } from '../../lib/src/stream';\nexport function serve(): string {\n  return streamText();\n}\n",
      // A variant beside a config holding files: the same files, not a project of its own.
      'lib/tsconfig.build.json': JSON.stringify({ extends: './tsconfig.json', include: ['src'] }),
    });
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('finds the app\'s configs, not the base nor a build variant', () => {
    const found = discoverProjects(ts, root, undefined, compilerDefaults(ts, root)).map((p) => path.relative(root, p.configPath!)).sort();
    assert.deepEqual(found, ['app/tsconfig.app.json', 'app/tsconfig.server.json', 'lib/tsconfig.json']);
  });

  it('indexes the app: its server\'s call is an edge', async () => {
    const graph = await CodeGraph.open({ root });
    try {
      const result = graph.dependentsOf('lib/src/stream.ts', 'streamText');
      assert.ok(result.kind === 'graph', JSON.stringify(result));
      assert.deepEqual(result.nodes.map((n) => n.name).sort(), ['serve', 'streamText']);
    } finally {
      graph.dispose();
    }
  });
});
