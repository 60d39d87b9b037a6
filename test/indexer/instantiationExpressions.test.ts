import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * `const generate = generateText<TOOLS, OUTPUT>; return generate({…})` (vercel/ai's ToolLoopAgent):
 * an instantiation expression is a value, and its function is used as `const g = generateText` uses
 * it. Walked as a type, it made no edge, and every agent-based caller was missing from
 * `dependentsOf generateText` (361 of `ToolLoopAgent.stream`'s 365 dependents for `streamText`).
 */
describe('instantiation expressions (fn<T> as a value)', function () {
  this.timeout(120000);
  let root: string;
  before(() => {
    root = writeWorkspace('tcg-instantiation-', {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', types: [] }, include: ['src'] }),
      'src/a.ts':
        'export function target<T>(x: T): T[] {\n  return [x];\n}\nexport class Base<T> {\n  value?: T;\n}\n' +
        'export function viaInstantiation(): string[] {\n  const g = target<string>;\n  return g(\'a\');\n}\n' +
        'export function viaAlias(): string[] {\n  const g = target;\n  return g(\'a\');\n}\n' +
        'export class Agent {\n  generate(): string[] {\n    const generate = target<string>;\n    return generate(\'b\');\n  }\n}\n' +
        // A heritage clause's expression with type arguments stays a type: EXTENDS, no reference.
        'export class Sub extends Base<string> {}\n',
    });
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  for (const compiler of ['inprocess', 'native'] as const) {
    it(`${compiler}: references the function as its alias does; a heritage clause stays a type`, async () => {
      const { index, graph } = await indexWorkspace({ root, compiler });
      try {
        const out = (id: string) => graph.outEdges(`src/a.ts#${id}`).map((e) => `${e.type} ${e.to.replace('src/a.ts#', '')}`).sort();
        assert.deepEqual(out('viaInstantiation@function'), out('viaAlias@function'));
        assert.deepEqual(out('viaInstantiation@function'), ['REFERENCES target@function']);
        assert.deepEqual(out('Agent.generate@method'), ['REFERENCES target@function']);
        assert.deepEqual(out('Sub@class'), ['EXTENDS Base@class']);
      } finally {
        index.dispose();
      }
    });
  }
});
