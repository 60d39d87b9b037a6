import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { exportGraph } from '../../src/worker/exportGraph';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { FIXTURES_DIR } from '../support/loadFixture';

/**
 * Where TypeScript 7 (the native compiler) and 6 (in process) give a fixture different graphs, each
 * line of the difference (`-` only in 6's graph, `+` only in 7's) with why. Every one is 7's own
 * answer (its go-to-definition and find-references say the same), listed in docs/INDEXING.md; a
 * difference not listed here fails this test, and so does a listed one that went away.
 */
export const KNOWN_DIFFERENCES: Record<string, { why: string; lines: string[] }> = {
  'commonjs-repro': {
    why: '7 reads no ES5 constructor function as a class: `new Route(p)` has no `dispatch` member',
    lines: ['- edge route.js#Layer.match@method -CALLS-> route.js#Route.dispatch@method'],
  },
  'express-4.21.2': {
    why: '7 types no `this` in functions assigned to object members (`app[method] = function () { this.lazyrouter() }`) and no constructor-function instance',
    lines: [
      '- edge lib/application.js#lib/application.js@module -CALLS-> lib/application.js#app.lazyrouter@function',
      '- edge lib/application.js#lib/application.js@module -CALLS-> lib/application.js#app.set@function',
      '- edge lib/router/index.js#lib/router/index.js@module -CALLS-> lib/router/index.js#proto.route@function',
      '- edge lib/router/index.js#matchLayer@function -CALLS-> lib/router/layer.js#Layer.match@method',
      '- edge lib/router/index.js#proto.handle.next@function -CALLS-> lib/router/index.js#proto.process_params@function',
      '- edge lib/router/index.js#proto.route@function -REFERENCES-> lib/router/route.js#Route.dispatch@method',
    ],
  },
  'js-shapes': {
    why: '7 reads no ES5 constructor function (`Queue.prototype.size = function`, `Stack.prototype = {…}`) as a class, nor an expando on `module.exports = Queue`',
    lines: [
      '- edge esm.mjs#fill@function -CALLS-> lib/shapes.js#Queue.push@method',
      '- edge lib/createServer.js#createServer@function -CALLS-> lib/shapes.js#Queue.push@method',
      '- edge lib/createServer.js#drain@function -CALLS-> lib/shapes.js#Queue.size@method',
      '- edge lib/named.js#makeStack@function -CALLS-> lib/shapes.js#Stack.peek@method',
      '- edge lib/named.js#makeStack@function -CALLS-> lib/shapes.js#Stack@class',
      '- edge lib/named.js#makeStack@function -REFERENCES-> lib/shapes.js#Stack@class',
      '- edge src/main.ts#run@function -CALLS-> lib/shapes.js#Queue.reset@method',
      '- edge src/main.ts#run@function -CALLS-> lib/shapes.js#Queue.size@method',
    ],
  },
  'path-aliases': {
    why: '7 removed `baseUrl`: `import … from "src/config/defaults"` (no `paths` entry) resolves to nothing',
    lines: ['- edge src/services/userService.ts#getProfile@function -CALLS-> src/config/defaults.ts#defaultUserId@function'],
  },
  'ts5-defaults': {
    why: "7 removed `moduleResolution: node10` (5.x's default for `module: commonjs`): it resolves packages by their `exports`, as 6's bundler/node16 do",
    lines: [
      '+ edge src/app.ts#welcome@function -CALLS-> node_modules/dual-types/modern.d.ts#format@function',
      '+ edge src/app.ts#welcome@function -CALLS-> node_modules/exports-only/lib/index.d.ts#greet@function',
      '+ node node_modules/dual-types/modern.d.ts#format@function',
      '+ node node_modules/exports-only/lib/index.d.ts#greet@function',
      '- edge src/app.ts#welcome@function -CALLS-> node_modules/dual-types/legacy.d.ts#format@function',
      '- node node_modules/dual-types/legacy.d.ts#format@function',
    ],
  },
};

/** The graph of `root` built by one compiler: every node and edge as a line (a node's span and an edge's lines included). */
async function graphLines(root: string, compiler: 'inprocess' | 'native'): Promise<Map<string, string>> {
  const { index } = await indexWorkspace({ root, compiler });
  try {
    assert.equal(index.compiler.kind, compiler, `${path.basename(root)}: indexed by ${index.compiler.name}`);
    const g = exportGraph(index.graph, root);
    const lines = new Map<string, string>();
    for (const n of g.nodes) lines.set(`node ${n.id}`, JSON.stringify(n));
    for (const e of g.edges) lines.set(`edge ${e.from} -${e.type}-> ${e.to}`, JSON.stringify(e));
    return lines;
  } finally {
    index.dispose();
  }
}

/** `-` lines only 6 has, `+` lines only 7 has, `~` lines both have with other details (span, call lines). */
function difference(inProcess: Map<string, string>, native: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [key, value] of inProcess) {
    if (!native.has(key)) out.push(`- ${key}`);
    else if (native.get(key) !== value) out.push(`~ ${key}: ${value} => ${native.get(key)}`);
  }
  for (const key of native.keys()) if (!inProcess.has(key)) out.push(`+ ${key}`);
  return out.sort();
}

describe('the native compiler (TypeScript 7) and the in-process one (6) give the same graph', function () {
  this.timeout(300_000);
  const fixtures = fs.readdirSync(FIXTURES_DIR).filter((f) => fs.statSync(path.join(FIXTURES_DIR, f)).isDirectory());

  for (const fixture of fixtures) {
    it(fixture, async () => {
      const root = path.join(FIXTURES_DIR, fixture);
      const diff = difference(await graphLines(root, 'inprocess'), await graphLines(root, 'native'));
      const known = KNOWN_DIFFERENCES[fixture];
      assert.deepEqual(diff, [...(known?.lines ?? [])].sort(), `${fixture}: the graphs differ${known ? ` beyond what is known (${known.why})` : ''}`);
    });
  }

  it('lists no difference for a fixture that does not exist', () => {
    assert.deepEqual(Object.keys(KNOWN_DIFFERENCES).filter((f) => !fixtures.includes(f)), []);
  });
});
