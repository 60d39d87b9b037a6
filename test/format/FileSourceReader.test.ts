import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { createFileSourceReader } from '../../src/core/format/FileSourceReader';

describe(createFileSourceReader.name, () => {
  let root: string;
  let outside: string;
  const write = (rel: string, text: string, mtime?: Date): void => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
    if (mtime) fs.utimesSync(path.join(root, rel), mtime, mtime);
  };
  const past = new Date('2024-01-01T00:00:00Z');
  const later = new Date('2024-01-01T00:00:05Z');

  beforeEach(() => {
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'format-reader-'));
    root = path.join(outside, 'root');
    fs.mkdirSync(root);
  });
  afterEach(() => fs.rmSync(outside, { recursive: true, force: true }));

  it('reads root-relative files as lines, LF or CRLF', () => {
    write('src/a.ts', 'one\r\ntwo\nthree');
    assert.deepEqual(createFileSourceReader(root).readLines('src/a.ts'), ['one', 'two', 'three']);
  });

  it('serves an unchanged file from the cache and re-reads it once mtime changes', () => {
    const reader = createFileSourceReader(root);
    write('a.ts', 'old', past);
    assert.deepEqual(reader.readLines('a.ts'), ['old']);
    // Same size, mtime put back: only a cache can still answer "old".
    write('a.ts', 'new', past);
    assert.deepEqual(reader.readLines('a.ts'), ['old']);
    fs.utimesSync(path.join(root, 'a.ts'), later, later);
    assert.deepEqual(reader.readLines('a.ts'), ['new']);
  });

  it('re-reads when the size changes even if mtime does not', () => {
    const reader = createFileSourceReader(root);
    write('a.ts', 'old', past);
    reader.readLines('a.ts');
    write('a.ts', 'newer\ntext', past);
    assert.deepEqual(reader.readLines('a.ts'), ['newer', 'text']);
  });

  it('forgets one file or all files on invalidate', () => {
    const reader = createFileSourceReader(root);
    write('a.ts', 'a1', past);
    write('b.ts', 'b1', past);
    reader.readLines('a.ts');
    reader.readLines('b.ts');
    write('a.ts', 'a2', past);
    write('b.ts', 'b2', past);
    reader.invalidate('a.ts');
    assert.deepEqual([reader.readLines('a.ts'), reader.readLines('b.ts')], [['a2'], ['b1']]);
    reader.invalidate();
    assert.deepEqual(reader.readLines('b.ts'), ['b2']);
  });

  it('evicts the least recently used file when the cache is full (bounded by size)', () => {
    const reader = createFileSourceReader(root, { maxChars: 30 });
    write('a.ts', 'a'.repeat(20), past);
    write('b.ts', 'b'.repeat(20), past);
    reader.readLines('a.ts');
    reader.readLines('b.ts');
    write('a.ts', 'A'.repeat(20), past);
    assert.deepEqual(reader.readLines('a.ts'), ['A'.repeat(20)], 'a.ts was evicted, so its new text is read');
  });

  it('refuses paths outside the root, and gives undefined for missing files and folders', () => {
    fs.writeFileSync(path.join(outside, 'secret.ts'), 'secret');
    write('src/x.ts', 'x');
    const reader = createFileSourceReader(root);
    assert.equal(reader.readLines('../secret.ts'), undefined);
    assert.equal(reader.readLines('src/../../secret.ts'), undefined);
    assert.equal(reader.readLines(path.join(outside, 'secret.ts')), undefined);
    assert.equal(reader.readLines('missing.ts'), undefined);
    assert.equal(reader.readLines('src'), undefined);
    assert.equal(reader.readLines(''), undefined);
    assert.equal(reader.readLines('bad\0name.ts'), undefined);
    assert.deepEqual(reader.readLines(path.join(root, 'src/x.ts')), ['x'], 'an absolute path inside the root is fine');
  });

  it('gives undefined once a cached file is deleted', () => {
    const reader = createFileSourceReader(root);
    write('a.ts', 'a');
    reader.readLines('a.ts');
    fs.rmSync(path.join(root, 'a.ts'));
    assert.equal(reader.readLines('a.ts'), undefined);
  });

  it('accepts a file whose name merely starts with two dots', () => {
    write('..notes.ts', 'ok');
    assert.deepEqual(createFileSourceReader(root).readLines('..notes.ts'), ['ok']);
  });
});
