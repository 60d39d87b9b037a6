import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkGolden, lineDiff } from '../support/checkGolden';
import { formatGoldenRun } from '../support/goldenRun';

describe(checkGolden.name, () => {
  let dir: string;
  let savedAccept: string | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-golden-'));
    // These tests run under `npm run golden:accept` too: each sets the mode it checks.
    savedAccept = process.env.GOLDEN_ACCEPT;
    delete process.env.GOLDEN_ACCEPT;
  });
  afterEach(() => {
    if (savedAccept === undefined) delete process.env.GOLDEN_ACCEPT;
    else process.env.GOLDEN_ACCEPT = savedAccept;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('passes when the stored file matches, ignoring CRLF and a missing final newline', () => {
    const file = path.join(dir, 'a.txt');
    fs.writeFileSync(file, 'one\r\ntwo\r\n');
    checkGolden(file, 'one\ntwo');
  });

  it('throws a line diff and the accept hint on a mismatch, leaving the file alone', () => {
    const file = path.join(dir, 'a.txt');
    const stored = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join('\n') + '\n';
    fs.writeFileSync(file, stored);
    assert.throws(
      () => checkGolden(file, stored.replace('e\n', 'E\n')),
      (err: Error) => {
        assert.match(err.message, /^Golden mismatch: /);
        assert.ok(err.message.includes('--- golden\n+++ actual\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n'), err.message);
        assert.match(err.message, /run: npm run golden:accept$/);
        return true;
      },
    );
    assert.equal(fs.readFileSync(file, 'utf8'), stored);
  });

  it('throws with the actual output when the golden file is missing', () => {
    const file = path.join(dir, 'missing.txt');
    assert.throws(() => checkGolden(file, 'hello\n'), /^Error: Golden file missing: .*\nActual output:\n {2}hello\nIf it is right, run: npm run golden:accept$/s);
    assert.equal(fs.existsSync(file), false);
  });

  it('writes the file (and its folder) with GOLDEN_ACCEPT=1', () => {
    process.env.GOLDEN_ACCEPT = '1';
    const file = path.join(dir, 'sample', 'new.txt');
    checkGolden(file, 'fresh');
    assert.equal(fs.readFileSync(file, 'utf8'), 'fresh\n');
    checkGolden(file, 'changed\n');
    assert.equal(fs.readFileSync(file, 'utf8'), 'changed\n');
  });
});

describe(lineDiff.name, () => {
  it('shows additions, removals and separate hunks with their line numbers', () => {
    const a = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    const b = [...a];
    b.splice(1, 1); // drop line 2
    b.splice(15, 0, 'inserted'); // after line 17
    assert.equal(
      lineDiff(a.join('\n') + '\n', b.join('\n') + '\n'),
      [
        '@@ -1,5 +1,4 @@',
        ' line 1',
        '-line 2',
        ' line 3',
        ' line 4',
        ' line 5',
        '@@ -14,6 +13,7 @@',
        ' line 14',
        ' line 15',
        ' line 16',
        '+inserted',
        ' line 17',
        ' line 18',
        ' line 19',
      ].join('\n'),
    );
  });

  it('says when lines differ only in trailing whitespace', () => {
    assert.match(lineDiff('a\nb\n', 'a \nb\n'), /\(the lines differ only in trailing whitespace\)$/);
  });
});

describe(formatGoldenRun.name, () => {
  it('shows the command, exit code and each non-empty stream, with the root replaced', () => {
    const root = path.join(os.tmpdir(), 'fixture');
    const text = formatGoldenRun(
      ['dependentsOf', 'src/a b.ts', 'f'],
      { code: 2, stdout: '', stderr: `File not found: ${root}/src/a b.ts\n` },
      root,
    );
    assert.equal(text, "$ ts-code-graph dependentsOf 'src/a b.ts' f\nexit code: 2\n---- stderr ----\nFile not found: <root>/src/a b.ts\n");
  });
});
