import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { SharedCompilerHost } from '../../src/core/indexer/program/SharedCompilerHost';

/**
 * A monorepo's examples each have a tsconfig, with targets ES2020, ES2022 or ESNext, and all read
 * the same typings (the standard library, @types/react, csstype...). A declaration file parses the
 * same under every target from ES2015 up, so one parse serves them all: TanStack/form's 60 projects
 * parsed 1,388 declaration files 2 to 4 times, one per target, when each parse was keyed by it.
 */
describe('SharedCompilerHost: declaration files across targets', () => {
  let root: string;
  before(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-shared-dts-')));
    fs.mkdirSync(path.join(root, 'types'));
    // A non-ASCII identifier: ES5's identifier table and ES2015's differ, so ES5 keeps its own parse.
    fs.writeFileSync(path.join(root, 'types/shared.d.ts'), 'declare function shared(ünits: number): string;\n');
    fs.writeFileSync(path.join(root, 'main.ts'), 'export const s = shared(1);\n');
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  function programWith(host: SharedCompilerHost, target: ts.ScriptTarget, lib = ['lib.es2020.d.ts', 'lib.dom.d.ts']): ts.Program {
    const options: ts.CompilerOptions = { target, lib, noEmit: true, strict: true };
    return ts.createProgram({ rootNames: [path.join(root, 'main.ts'), path.join(root, 'types/shared.d.ts')], options, host: host.hostFor(options) });
  }

  it('parses a declaration file once for every target from ES2015 up, and apart for ES5', () => {
    const host = new SharedCompilerHost(ts);
    const [es2020, es2022, esnext, es5] = [ts.ScriptTarget.ES2020, ts.ScriptTarget.ES2022, ts.ScriptTarget.ESNext, ts.ScriptTarget.ES5].map((t) => programWith(host, t));
    const dom = (p: ts.Program) => p.getSourceFiles().find((sf) => path.basename(sf.fileName) === 'lib.dom.d.ts');
    const shared = (p: ts.Program) => p.getSourceFile(path.join(root, 'types/shared.d.ts'));
    assert.ok(dom(es2020) && shared(es2020));
    for (const p of [es2022, esnext]) {
      assert.equal(dom(p), dom(es2020), 'lib.dom.d.ts: one parse');
      assert.equal(shared(p), shared(es2020), 'a workspace declaration file: one parse');
    }
    assert.notEqual(dom(es5), dom(es2020), 'ES5 parses with its own identifier table');
    assert.notEqual(shared(es5), shared(es2020));
    // Sources still get a parse per target (a program writes its options into them).
    assert.notEqual(esnext.getSourceFile(path.join(root, 'main.ts')), es2020.getSourceFile(path.join(root, 'main.ts')));
  });

  it('leaves every program checking as it does alone', () => {
    const host = new SharedCompilerHost(ts);
    for (const target of [ts.ScriptTarget.ES2020, ts.ScriptTarget.ESNext, ts.ScriptTarget.ES2022]) {
      // The smallest standard library: checking lib.dom.d.ts six times is seconds of no interest here.
      const together = programWith(host, target, ['lib.es5.d.ts']);
      const alone = programWith(new SharedCompilerHost(ts), target, ['lib.es5.d.ts']);
      const messages = (p: ts.Program) => ts.getPreEmitDiagnostics(p).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      assert.deepEqual(messages(together), messages(alone));
      const type = (p: ts.Program) => {
        const sf = p.getSourceFile(path.join(root, 'main.ts'))!;
        const decl = (sf.statements[0] as ts.VariableStatement).declarationList.declarations[0];
        return p.getTypeChecker().typeToString(p.getTypeChecker().getTypeAtLocation(decl.name));
      };
      assert.equal(type(together), 'string');
    }
  });
});
