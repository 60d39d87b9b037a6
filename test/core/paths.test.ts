import * as assert from 'node:assert/strict';
import * as path from 'path';
import { absolutePosix, isAbsoluteFilePath, normalizeFilePath, toPosix } from '../../src/core/paths';

describe('normalizeFilePath', () => {
  it('reads a file_path the way callers write it', () => {
    const cases: Array<[string, string]> = [
      ['  src/a.ts ', 'src/a.ts'],
      ['"src/a.ts"', 'src/a.ts'],
      ["' src/a.ts '", 'src/a.ts'],
      ['`src/a.ts`', 'src/a.ts'],
      ['src\\util\\a.ts', 'src/util/a.ts'],
      ['file:///ws/my%20dir/a.ts', '/ws/my dir/a.ts'],
      ['"file:///ws/a.ts"', '/ws/a.ts'],
      ['file:///C:/ws/a.ts', 'C:/ws/a.ts'],
      ['C:\\ws\\a.ts', 'C:/ws/a.ts'],
      ['file:///ws/a%zz.ts', '/ws/a%zz.ts'],
      ['"src/a.ts', '"src/a.ts'],
      ['', ''],
    ];
    for (const [input, expected] of cases) assert.equal(normalizeFilePath(input), expected, input);
  });

  it('tells absolute from relative, posix and Windows', () => {
    for (const p of ['/ws/a.ts', 'C:/ws/a.ts', 'c:/a.ts']) assert.ok(isAbsoluteFilePath(p), p);
    for (const p of ['src/a.ts', './a.ts', '../a.ts', 'C:a.ts', '']) assert.ok(!isAbsoluteFilePath(p), p);
  });
});

describe('absolutePosix', () => {
  it("is path.resolve's answer in posix, whether the path needed resolving or not", () => {
    const inputs = ['/ws/a.ts', '/ws/src/a.ts/', '/ws/./a.ts', '/ws/x/../a.ts', '/ws//a.ts', '/ws/..', '/ws/.', '/', '/ws/.a/..b/a..ts', '/ws/a.ts.', 'src/a.ts', './a.ts', '../a.ts', '', 'C:/ws/a.ts', 'C:\\ws\\a.ts', 'C:/ws/../a.ts'];
    for (const p of inputs) assert.equal(absolutePosix(p), toPosix(path.resolve(p)), p);
  });
});
