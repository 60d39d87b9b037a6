import * as assert from 'node:assert/strict';
import * as ts from 'typescript';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { SharedCompilerHost } from '../../src/core/indexer/program/SharedCompilerHost';
import { FIXTURE_NAMES, fixtureRoot, loadFixture } from '../support/loadFixture';
import { typescriptParsingAllJsDoc } from '../support/typescriptParsingAllJsDoc';

/**
 * Programs skip JSDoc in TypeScript files (declaration files included), where it carries no types:
 * a faster parse of `lib.dom.d.ts`, `@types/node`, every library's typings. The graph must be what
 * it is with every comment parsed, as by a compiler without parsing modes (before TypeScript 5.3).
 */
describe('JSDoc parsing', () => {
  it('is skipped in TypeScript files and kept in JavaScript files', () => {
    const options: ts.CompilerOptions = { allowJs: true, noEmit: true };
    // Both files start their declarations with /** … */ comments.
    const tsFile = `${fixtureRoot('sample')}/src/utils/format.ts`;
    const jsFile = `${fixtureRoot('js-no-config')}/src/format.js`;
    const program = ts.createProgram({ rootNames: [tsFile, jsFile], options, host: new SharedCompilerHost(ts).hostFor(options) });
    const docsOf = (fileName: string) => program.getSourceFile(fileName)!.statements.flatMap((s) => (s as { jsDoc?: ts.JSDoc[] }).jsDoc ?? []).length;
    assert.equal(docsOf(tsFile), 0, 'no JSDoc node in a TypeScript file');
    assert.ok(docsOf(jsFile) > 0, 'JSDoc nodes in a JavaScript file (it types receivers there)');
  });

  for (const name of FIXTURE_NAMES) {
    it(`does not change the graph: ${name}`, async () => {
      const { root, graph } = await loadFixture(name);
      const whole = await indexWorkspace({ root, ts: typescriptParsingAllJsDoc });
      assert.deepEqual(graph.snapshot(), whole.graph.snapshot());
    });
  }
});
