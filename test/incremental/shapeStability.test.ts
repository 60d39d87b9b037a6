import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { InProcessProgram } from '../../src/core/compiler/inprocess/InProcessCompiler';
import { fileShape } from '../../src/core/indexer/incremental/fileShape';

/** A program as the port reads it. */
const port = (p: ts.Program) => new InProcessProgram(ts, p);
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';

/**
 * A file's shape must depend on the file, not on the checker's history. The old program's checker
 * has checked the whole workspace by the time an update asks it for a shape; the new one has not.
 * Union members printed in type-id order, property lists in resolution order, well-known symbol
 * names carrying a symbol id and the Transient flag all differed between the two, so a body-only edit
 * of a widely imported file re-extracted all of its dependents.
 */
const FILES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2020', lib: ['ES2020'] }, include: ['*.ts'] }),
  // Checked first by a whole-workspace check, this creates Bar's type before Foo's.
  'early.ts': "import type { Bar } from './kinds';\nexport const early: Bar = { bar: 1 };\nexport const list = [...'ab'];\n",
  'kinds.ts': 'export interface Foo {\n  foo: string;\n}\nexport interface Bar {\n  bar: number;\n}\n',
  'hub.ts': [
    "import type { Foo, Bar } from './kinds';",
    'export function pick(x: Foo | Bar): Foo | Bar {',
    '  return x;',
    '}',
    'export type Both = Foo & Bar & { extra: Foo | Bar };',
    'export class Bag implements Iterable<string> {',
    "  items: Array<Foo | Bar> = [];",
    '  [Symbol.iterator](): Iterator<string> {',
    "    return ['a'].values();",
    '  }',
    '}',
    '',
  ].join('\n'),
  'user.ts': "import { pick, Bag } from './hub';\nexport function use(): void {\n  pick({ foo: 'x' });\n  new Bag();\n}\n",
};

function workspace(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-shape-'));
  for (const [rel, text] of Object.entries(FILES)) fs.writeFileSync(path.join(root, rel), text);
  return fs.realpathSync(root);
}

function program(root: string): ts.Program {
  const names = Object.keys(FILES).filter((f) => f.endsWith('.ts')).map((f) => path.posix.join(root, f));
  return ts.createProgram({ rootNames: names, options: { strict: true, noEmit: true, target: ts.ScriptTarget.ES2020, lib: ['lib.es2020.d.ts'] } });
}

describe('file shape stability', () => {
  it('is the same from a fresh checker and from one that checked the workspace first', () => {
    const root = workspace();
    try {
      const hub = path.posix.join(root, 'hub.ts');
      const warm = program(root);
      for (const sf of ['early.ts', 'kinds.ts', 'user.ts', 'hub.ts']) warm.getSemanticDiagnostics(warm.getSourceFile(path.posix.join(root, sf)));
      const fresh = program(root);
      // The fixture does expose the instability: the compiler's own printing differs between the two.
      const printed = (p: ts.Program) => {
        const fn = p.getSourceFile(hub)!.statements[1] as ts.FunctionDeclaration;
        const checker = p.getTypeChecker();
        return checker.typeToString(checker.getTypeAtLocation(fn.parameters[0]));
      };
      const freshText = printed(fresh);
      assert.notEqual(printed(warm), freshText, 'the fixture makes typeToString depend on checking order');
      assert.equal(fileShape(ts, port(warm), warm.getSourceFile(hub)!, []), fileShape(ts, port(fresh), fresh.getSourceFile(hub)!, []));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('still sees a change of what the file exports', () => {
    const root = workspace();
    try {
      const hub = path.posix.join(root, 'hub.ts');
      const before = program(root);
      const shape = fileShape(ts, port(before), before.getSourceFile(hub)!, []);
      fs.writeFileSync(hub, FILES['hub.ts'].replace('x: Foo | Bar)', 'x: Foo | Bar | string)'));
      const after = program(root);
      assert.notEqual(fileShape(ts, port(after), after.getSourceFile(hub)!, []), shape);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('a body-only edit of the hub re-extracts the hub alone, and equals a fresh index', async () => {
    const root = workspace();
    try {
      const { index } = await indexWorkspace({ root });
      fs.writeFileSync(path.join(root, 'hub.ts'), FILES['hub.ts'].replace('  return x;', '  const y = x;\n  return y;'));
      const report = await index.update(['hub.ts'], []);
      assert.deepEqual(report.reindexed, ['hub.ts']);
      const full = await indexWorkspace({ root });
      assert.deepEqual(index.graph.snapshot(), full.graph.snapshot());
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
