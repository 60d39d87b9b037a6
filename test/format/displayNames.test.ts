import * as assert from 'node:assert/strict';
import { GraphNode } from '../../src/core/graph/GraphTypes';
import { displayNames } from '../../src/core/format/displayNames';

describe(displayNames.name, () => {
  it('keeps unique names bare', () => {
    assert.deepEqual([...displayNames([node('a', 'run'), node('b', 'User.save')])], [
      ['a', 'run'],
      ['b', 'User.save'],
    ]);
  });

  it('numbers a shared name #1, #2… in result order, leaving other names bare', () => {
    const labels = displayNames([node('x', 'format'), node('y', 'parse'), node('z', 'format'), node('w', 'format')]);
    assert.deepEqual([...labels], [
      ['x', 'format#1'],
      ['y', 'parse'],
      ['z', 'format#2'],
      ['w', 'format#3'],
    ]);
  });

  it('does not count a node listed twice as a collision', () => {
    assert.deepEqual([...displayNames([node('x', 'format'), node('x', 'format')])], [['x', 'format']]);
  });

  it('tells apart a static and an instance member of the same name', () => {
    const labels = displayNames([node('User.save@method', 'User.save'), node('User.save@method~static', 'User.save')]);
    assert.deepEqual([...labels.values()], ['User.save#1', 'User.save#2']);
  });
});

function node(id: string, name: string): GraphNode {
  return { id, name, kind: 'function', file: 'src/a.ts', offset: 1, limit: 1 };
}
