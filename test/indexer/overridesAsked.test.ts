import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { exportGraph } from '../../src/worker/exportGraph';
import { writeWorkspace } from '../support/hostileWorkspace';
import { countNativeRequests } from '../support/nativeRequests';

/**
 * A class's members are compared with its bases' (OVERRIDES, IMPLEMENTS): the native compiler is asked
 * the bases' types in the file's batch, not one request each, and a base asked three or more names
 * answers with its properties at once, not one request per name (@loopback/repository: 141 requests
 * of one name each, 38 types each asked alone). The edges are the in-process compiler's.
 */
describe("a class's bases are asked together", () => {
  let root: string;
  before(() => {
    root = writeWorkspace('tcg-overrides-asked-', {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
      'src/shapes.ts': [
        'export interface Shape {',
        '  area(): number;',
        '  perimeter(): number;',
        '  label(): string;',
        '}',
        'export class Base {',
        '  static create(): Base { return new Base(); }',
        "  static kind(): string { return 'base'; }",
        '  static count(): number { return 0; }',
        '  area(): number { return 0; }',
        '  perimeter(): number { return 0; }',
        "  describe(): string { return 'a shape'; }",
        '}',
        'export class Square extends Base implements Shape {',
        '  static create(): Square { return new Square(); }',
        "  static kind(): string { return 'square'; }",
        '  static count(): number { return 1; }',
        '  area(): number { return 1; }',
        '  perimeter(): number { return 4; }',
        "  label(): string { return 'square'; }",
        "  describe(): string { return 'a square'; }",
        '}',
        '',
      ].join('\n'),
      // An object literal's methods implement its contextual type's members (IMPLEMENTS): that type is asked the same way.
      'src/literal.ts': [
        'export interface Unit {',
        '  area(): number;',
        '  perimeter(): number;',
        '  label(): string;',
        '}',
        'export const unit: Unit = {',
        '  area() { return 1; },',
        '  perimeter() { return 4; },',
        "  label() { return 'unit'; },",
        '};',
        '',
      ].join('\n'),
    });
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('native: the bases in the batch, each base one properties request; the edges as in process', async () => {
    const edges: Record<string, string[]> = {};
    const { asked } = await countNativeRequests(['getPropertyOfType', 'getPropertiesOfType', 'getTypeAtLocation'], async () => {
      for (const compiler of ['native', 'inprocess'] as const) {
        const { index } = await indexWorkspace({ root, compiler });
        edges[compiler] = exportGraph(index.graph, root)
          .edges.filter((e) => e.type === 'OVERRIDES' || e.type === 'IMPLEMENTS')
          .map((e) => `${e.from} -${e.type}-> ${e.to}`)
          .sort();
        index.dispose();
      }
    });
    for (const m of ['area', 'perimeter', 'describe']) assert.ok(edges.native.includes(`src/shapes.ts#Square.${m}@method -OVERRIDES-> src/shapes.ts#Base.${m}@method`), edges.native.join('\n'));
    for (const m of ['create', 'kind', 'count']) assert.ok(edges.native.includes(`src/shapes.ts#Square.${m}@static method -OVERRIDES-> src/shapes.ts#Base.${m}@static method`), `static ${m}:\n${edges.native.join('\n')}`);
    for (const m of ['area', 'perimeter', 'label']) assert.ok(edges.native.includes(`src/shapes.ts#Square.${m}@method -IMPLEMENTS-> src/shapes.ts#Shape.${m}@method-signature`), edges.native.join('\n'));
    for (const m of ['area', 'perimeter', 'label']) assert.ok(edges.native.includes(`src/literal.ts#unit.${m}@method -IMPLEMENTS-> src/literal.ts#Unit.${m}@method-signature`), `unit.${m}:\n${edges.native.join('\n')}`);
    assert.deepEqual(edges.native, edges.inprocess);
    // The file's one typed batch holds the three bases (`extends Base`, `implements Shape`, and `Base` for the statics).
    assert.equal(asked.get('getTypeAtLocation'), 1, `getTypeAtLocation asked ${asked.get('getTypeAtLocation')} times`);
    // Base's instance side, Shape, Base's static side, the literal's contextual type: one table each, instead of 5 + 5 + 3 + 3 names.
    assert.equal(asked.get('getPropertiesOfType'), 4, 'one properties request per base and per literal');
    // Only the two names a base's table lacks (Base has no `label`, Shape no `describe`) are asked on
    // their own, as a property the table does not list may still be one (Checker.getPropertyOfType).
    assert.equal(asked.get('getPropertyOfType') ?? 0, 2, 'only the names a table lacks asked alone');
  });
});
