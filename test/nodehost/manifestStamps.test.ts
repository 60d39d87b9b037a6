import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ManifestStamps } from '../../src/nodehost/manifestStamps';

describe('ManifestStamps (an install seen by the next call, not only by the watcher)', () => {
  let root: string;
  let reported: string[];
  const sink = { changed: (f: string) => void reported.push(`changed ${path.basename(f)}`), deleted: (f: string) => void reported.push(`deleted ${path.basename(f)}`) };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tscg-manifests-'));
    fs.writeFileSync(path.join(root, 'package.json'), '{"dependencies":{"dep":"1.0.0"}}');
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    reported = [];
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reports a lock file written before the watcher said so, once: the watcher\'s late event for that write is dropped', () => {
    const stamps = new ManifestStamps(root, sink);
    assert.equal(stamps.check(), 0, 'nothing written yet');
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{"node_modules/dep":{"version":"2.0.0"}}}');
    assert.equal(stamps.check(), 1);
    assert.deepEqual(reported, ['changed package-lock.json']);
    stamps.watched.changed(path.join(root, 'package-lock.json'));
    assert.deepEqual(reported, ['changed package-lock.json'], 'the same write is not reported twice');
    assert.equal(stamps.check(), 0);
  });

  it('passes the watcher\'s events on (a manifest seen first by the watcher is not reported again by the check), sources untouched', () => {
    const stamps = new ManifestStamps(root, sink);
    fs.writeFileSync(path.join(root, 'package.json'), '{"dependencies":{"dep":"2.0.0"}}');
    stamps.watched.changed(path.join(root, 'package.json'));
    stamps.watched.changed(path.join(root, 'src', 'main.ts'));
    assert.equal(stamps.check(), 0);
    assert.deepEqual(reported, ['changed package.json', 'changed main.ts']);
  });

  it('reports a lock file created or removed since the last call', () => {
    const stamps = new ManifestStamps(root, sink);
    fs.writeFileSync(path.join(root, 'pnpm-lock.yaml'), 'lockfileVersion: 9.0\n');
    fs.rmSync(path.join(root, 'package-lock.json'));
    assert.equal(stamps.check(), 2);
    assert.deepEqual(reported.sort(), ['changed pnpm-lock.yaml', 'deleted package-lock.json']);
  });
});
