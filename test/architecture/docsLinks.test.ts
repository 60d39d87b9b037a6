import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';

const repo = path.resolve(__dirname, '../../..');

/** The documentation a reader follows: README, CONTRIBUTING, ARCHITECTURE, CHANGELOG and everything under docs/. */
function docFiles(): string[] {
  const top = ['README.md', 'CONTRIBUTING.md', 'ARCHITECTURE.md', 'CHANGELOG.md'].map((f) => path.join(repo, f));
  const docs: string[] = [];
  const stack = [path.join(repo, 'docs')];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) stack.push(full);
      else if (e.name.endsWith('.md')) docs.push(full);
    }
  }
  return [...top, ...docs.sort()];
}

/** Markdown without fenced code blocks and inline code, where `[x](y)` is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/``[^`]*``|`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.*?)\s*#*\s*$/gm)) {
    const base = m[1].toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Every relative link of one Markdown file that does not lead to a file of the repository (or to a heading of it). */
function brokenLinks(file: string, markdown: string, exists: (p: string) => boolean, anchorsOf: (p: string) => Set<string>): string[] {
  const broken: string[] = [];
  for (const m of prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = m[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [rel, anchor] = target.split('#', 2);
    const resolved = rel === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(rel));
    if (!resolved.startsWith(repo + path.sep) && resolved !== repo) broken.push(`${target} (outside the repository)`);
    else if (!exists(resolved)) broken.push(`${target} (no such file)`);
    else if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) broken.push(`${target} (no such heading)`);
  }
  return broken;
}

const anchorCache = new Map<string, Set<string>>();
const anchorsOf = (p: string) => {
  if (!anchorCache.has(p)) anchorCache.set(p, headingAnchors(fs.readFileSync(p, 'utf8')));
  return anchorCache.get(p)!;
};

/** The shell lines of the first code block under README's "## Quick start", comments and blank lines left out. */
function quickStartCommands(readme: string): string[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Quick start'));
  assert.ok(section, 'README has a "## Quick start" section');
  const block = /^```(?:sh|bash|shell)?\n([\s\S]*?)^```/m.exec(section);
  assert.ok(block, 'the Quick start has a code block');
  return block[1]
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

/** Core modules (relative to src/core, no extension) that a host directory's sources import. */
function coreImportsOf(dir: string): Set<string> {
  const found = new Set<string>();
  const stack = [path.join(repo, dir)];
  while (stack.length > 0) {
    const d = stack.pop()!;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) stack.push(full);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) {
        for (const m of fs.readFileSync(full, 'utf8').matchAll(/from\s+['"]((?:\.\.\/)+core\/[^'"]+)['"]/g)) {
          const target = path.resolve(path.dirname(full), m[1]);
          found.add(path.relative(path.join(repo, 'src/core'), target).split(path.sep).join('/'));
        }
      }
    }
  }
  return found;
}

describe('documentation', () => {
  for (const file of docFiles()) {
    const name = path.relative(repo, file);
    it(`${name}: every relative link leads to a file (and heading) of the repository`, () => {
      assert.ok(fs.existsSync(file), `${name} exists`);
      assert.deepEqual(brokenLinks(file, fs.readFileSync(file, 'utf8'), fs.existsSync, anchorsOf), []);
    });
  }

  it('the link check sees a broken link, a link out of the repository and a missing heading', () => {
    const readme = path.join(repo, 'README.md');
    const text = [
      '[ok](ARCHITECTURE.md) [gone](docs/NOPE.md) [out](../shared/spec/000-tool-api.md)',
      '[bad heading](ARCHITECTURE.md#no-such-heading) [good heading](ARCHITECTURE.md#invariants)',
      '`[not a link](nowhere.md)` and https://example.com [web](https://example.com)',
    ].join('\n');
    assert.deepEqual(brokenLinks(readme, text, fs.existsSync, anchorsOf), [
      'docs/NOPE.md (no such file)',
      '../shared/spec/000-tool-api.md (outside the repository)',
      'ARCHITECTURE.md#no-such-heading (no such heading)',
    ]);
    assert.deepEqual([...headingAnchors('# A `b/c` d\n## A b/c d\n### What is indexed?\n')], ['a-bc-d', 'a-bc-d-1', 'what-is-indexed']);
  });

  it('README stays a user\'s page: at most 250 lines', () => {
    const lines = fs.readFileSync(path.join(repo, 'README.md'), 'utf8').trimEnd().split('\n').length;
    assert.ok(lines <= 250, `README.md has ${lines} lines; move details to docs/ (see CONTRIBUTING.md)`);
  });

  it('README\'s Quick start is exactly two commands: the sample, and the test command CI runs', () => {
    const commands = quickStartCommands(fs.readFileSync(path.join(repo, 'README.md'), 'utf8'));
    assert.equal(commands.length, 2, `Quick start commands: ${JSON.stringify(commands)}`);
    assert.match(commands[0], /^(npm ci && )?npm run sample$/);
    assert.match(commands[1], /^(npm ci && )?npm test$/);
    const scripts = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).scripts;
    assert.ok(scripts.sample && scripts.test, 'package.json defines the sample and test scripts');
    assert.match(fs.readFileSync(path.join(repo, '.ci/run'), 'utf8'), /^step npm test$/m, '.ci/run runs npm test');
  });

  it('CHANGELOG.md is in Keep a Changelog form: [Unreleased] has only its categories, one line per change', () => {
    const changelog = fs.readFileSync(path.join(repo, 'CHANGELOG.md'), 'utf8');
    const unreleased = changelog.split(/^## /m).find((s) => s.startsWith('[Unreleased]'));
    assert.ok(unreleased, 'CHANGELOG.md has "## [Unreleased]"');
    const headings = [...unreleased.matchAll(/^### (.*)$/gm)].map((m) => m[1]);
    assert.deepEqual(headings.filter((h) => !['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'].includes(h)), []);
    const other = unreleased.split('\n').slice(1).filter((l) => l.trim() !== '' && !l.startsWith('### ') && !l.startsWith('- '));
    assert.deepEqual(other, [], 'each change is one "- " line');
  });

  it('ARCHITECTURE.md is a map: at most 260 lines', () => {
    const lines = fs.readFileSync(path.join(repo, 'ARCHITECTURE.md'), 'utf8').trimEnd().split('\n').length;
    assert.ok(lines <= 260, `ARCHITECTURE.md has ${lines} lines; mechanism notes go to file headers or docs/INDEXING.md`);
  });

  it('ARCHITECTURE.md names every core module a host imports', () => {
    const architecture = fs.readFileSync(path.join(repo, 'ARCHITECTURE.md'), 'utf8');
    const section = architecture.split(/^### /m).find((s) => s.startsWith('What the hosts import from the core'));
    assert.ok(section, 'ARCHITECTURE.md has "### What the hosts import from the core"');
    const imported = new Set([...coreImportsOf('src/cli'), ...coreImportsOf('src/daemon'), ...coreImportsOf('src/vscode'), ...coreImportsOf('src/mcp'), ...coreImportsOf('src/worker')]);
    assert.ok(imported.has('CodeGraph'), 'the import scan finds CodeGraph');
    const unlisted = [...imported].filter((m) => m !== 'CodeGraph' && !section.includes(`\`${m}\``)).sort();
    assert.deepEqual(unlisted, []);
  });
});
