import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { TestGraph } from '../../support/TestGraph';
import { lineSelector, selectorFor, symbolSelector } from '../../../src/core/query/resolve/parseSymbolQuery';
import { resolveSymbol } from '../../../src/core/query/resolve/resolveSymbol';

describe('symbol selectors', () => {
  const g = new TestGraph();
  g.node('src/user.ts', 'User', 'class', { line: 3, limit: 30 });
  g.node('src/user.ts', 'User.save', 'method', { line: 5, isStatic: true });
  g.node('src/user.ts', 'User.save', 'method', { line: 9 });
  g.node('src/user.ts', 'User.load', 'method', { line: 20 });
  g.node('src/merged.ts', 'Config', 'interface', { line: 1 });
  g.node('src/merged.ts', 'Config', 'interface', { line: 8 });
  const ctx = g.context();
  const nodes = (file: string) => ctx.graph.nodesInFile(file).filter((n) => n.kind !== 'module');

  it('a host gets the bare name when its file declares it once, else `name:line`', () => {
    const [save1, save2, load] = nodes('src/user.ts').filter((n) => n.name !== 'User');
    assert.equal(symbolSelector(load, nodes('src/user.ts')), 'User.load');
    assert.equal(symbolSelector(save1, nodes('src/user.ts')), `User.save:${save1.offset}`);
    assert.equal(symbolSelector(save2, nodes('src/user.ts')), `User.save:${save2.offset}`);
  });

  it('every selector a host or the resolver builds picks exactly its node', () => {
    for (const file of ['src/user.ts', 'src/merged.ts']) {
      for (const node of nodes(file)) {
        for (const symbol of [symbolSelector(node, nodes(file)), lineSelector(node), selectorFor(node, nodes(file))]) {
          const found = resolveSymbol(ctx, file, symbol);
          assert.ok(found.ok, `${symbol}: ${found.ok ? '' : found.message}`);
          assert.equal(found.node.id, node.id, symbol);
        }
      }
    }
  });

  it('the resolver itself falls back to the same `name:line` when no qualifier tells twins apart', () => {
    const [first] = nodes('src/merged.ts');
    assert.equal(selectorFor(first, nodes('src/merged.ts')), lineSelector(first));
    assert.equal(lineSelector(first), `Config:${first.offset}`);
  });

  it('no host builds `name:line` itself (hosts call symbolSelector / lineSelector)', () => {
    const src = path.resolve(__dirname, '../../../../src');
    const offenders: string[] = [];
    const stack = ['cli', 'vscode', 'mcp', 'nodehost', 'worker', 'tools'].map((d) => path.join(src, d));
    while (stack.length > 0) {
      const dir = stack.pop()!;
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) stack.push(full);
        else if (e.name.endsWith('.ts') && /\$\{[\w.]*name\}:\$\{[\w.]*offset\}/.test(fs.readFileSync(full, 'utf8'))) offenders.push(path.relative(src, full));
      }
    }
    assert.deepEqual(offenders, []);
  });
});
