import assert from 'node:assert/strict';
import { QueryCancelledError, QueryContext } from '../../../src/core/query/QueryContext';
import { TestGraph } from '../../support/TestGraph';
import { resolveSymbol, SymbolResolution } from '../../../src/core/query/resolve/resolveSymbol';

function workspace(): QueryContext {
  const g = new TestGraph();
  g.node('src/utils.ts', 'formatDate', 'function', { line: 15 });
  g.node('src/utils.ts', 'formatTime', 'function', { line: 30 });
  g.node('src/util/index.ts', 'helper', 'function');
  g.node('src/legacy.ts', 'formatDat', 'function');
  g.node('src/user.ts', 'User', 'class', { line: 3 });
  g.node('src/user.ts', 'User.save', 'method', { line: 9 });
  g.node('src/user.ts', 'User.save', 'method', { line: 5, isStatic: true });
  g.node('src/user.ts', 'User.name', 'getter', { line: 12 });
  g.node('src/user.ts', 'User.name', 'setter', { line: 14 });
  g.node('src/user.ts', 'User.load', 'method', { line: 20 });
  g.node('src/api.ts', 'api.get', 'method');
  g.node('src/api.ts', 'outer.inner.fn', 'function');
  g.node('src/merged.ts', 'Config', 'interface', { line: 1 });
  g.node('src/merged.ts', 'Config', 'interface', { line: 8 });
  g.node('src/a.ts', 'Order.save', 'method');
  g.node('src/a.ts', 'User2.save', 'method');
  g.module('src/empty.ts');
  return g.context(['src/generated/x.ts', 'README.md', 'node_modules/lib/index.d.ts']);
}

function nodeId(result: SymbolResolution): string {
  assert.ok(result.ok, result.ok ? '' : result.message);
  return result.node.id;
}

function message(result: SymbolResolution): string {
  assert.ok(!result.ok, 'expected a failure');
  return result.message;
}

describe(resolveSymbol.name, () => {
  const ctx = workspace();

  describe('file_path', () => {
    it('accepts root-relative, absolute, ./-prefixed, backslash and ..-containing paths', () => {
      const expected = 'src/utils.ts#formatDate@function';
      for (const file of ['src/utils.ts', '/repo/src/utils.ts', './src/utils.ts', 'src\\utils.ts', '\\repo\\src\\utils.ts', 'src/x/../utils.ts', ' "src/utils.ts" ']) {
        assert.equal(nodeId(resolveSymbol(ctx, file, 'formatDate')), expected, file);
      }
    });

    it('accepts the .js spelling of an ESM import and a path without extension', () => {
      assert.equal(nodeId(resolveSymbol(ctx, 'src/utils.js', 'formatDate')), 'src/utils.ts#formatDate@function');
      assert.equal(nodeId(resolveSymbol(ctx, 'src/util', 'helper')), 'src/util/index.ts#helper@function');
    });

    it('accepts Windows roots with either separator and any drive-letter case', () => {
      const win: QueryContext = { ...ctx, root: 'C:\\work\\repo' };
      assert.equal(nodeId(resolveSymbol(win, 'c:\\work\\repo\\src\\utils.ts', 'formatDate')), 'src/utils.ts#formatDate@function');
      assert.equal(nodeId(resolveSymbol(win, 'C:/work/repo/src/utils.ts', 'formatDate')), 'src/utils.ts#formatDate@function');
    });

    it('refuses paths outside the root, saying what to pass', () => {
      assert.equal(
        message(resolveSymbol(ctx, '/etc/x.ts', 'a')),
        'File path is outside the workspace: /etc/x.ts. Use a path inside /repo (absolute or relative to it).',
      );
      assert.match(message(resolveSymbol(ctx, '../other/x.ts', 'a')), /^File path is outside the workspace: \/other\/x\.ts\./);
      assert.match(message(resolveSymbol(ctx, '/repo-other/x.ts', 'a')), /outside the workspace/);
    });

    it('takes a path in another case as the file only where the file system ignores case', () => {
      // tRPC on Linux: `PACKAGES/server/...` answered as `packages/server/...`, a folder that does not exist.
      const g = new TestGraph();
      g.node('packages/server/src/error/TRPCError.ts', 'TRPCError', 'class');
      g.node('packages/server/src/error/other.ts', 'x', 'function');
      const base = g.context();
      const sensitive: QueryContext = { ...base, caseSensitiveFileNames: true };
      assert.equal(
        message(resolveSymbol(sensitive, 'PACKAGES/server/src/error/TRPCError.ts', 'TRPCError')),
        'File not indexed: PACKAGES/server/src/error/TRPCError.ts. Did you mean packages/server/src/error/TRPCError.ts? File names are case-sensitive on this file system. No file exists at that path.',
      );
      assert.match(message(resolveSymbol(sensitive, '/repo/packages/server/src/error/trpcerror.js', 'TRPCError')), /Did you mean packages\/server\/src\/error\/TRPCError\.ts\?/);
      // macOS's and Windows's default volumes: the same file, whatever the platform's name.
      const insensitive: QueryContext = { ...base, caseSensitiveFileNames: false };
      assert.equal(nodeId(resolveSymbol(insensitive, 'PACKAGES/server/src/error/TRPCError.ts', 'TRPCError')), 'packages/server/src/error/TRPCError.ts#TRPCError@class');
      assert.equal(nodeId(resolveSymbol(insensitive, 'packages/server/src/error/trpcerror.js', 'TRPCError')), 'packages/server/src/error/TRPCError.ts#TRPCError@class');
      // Unknown: the file system is asked about the path as given.
      assert.match(message(resolveSymbol(base, 'PACKAGES/server/src/error/TRPCError.ts', 'TRPCError')), /Did you mean packages\/server\/src\/error\/TRPCError\.ts\? No file exists/);
      const onDisk: QueryContext = { ...base, fileExists: (rel) => rel.toLowerCase() === 'packages/server/src/error/trpcerror.ts' };
      assert.equal(nodeId(resolveSymbol(onDisk, 'PACKAGES/server/src/error/TRPCError.ts', 'TRPCError')), 'packages/server/src/error/TRPCError.ts#TRPCError@class');
    });

    it('suggests the closest indexed files for an unknown one', () => {
      const text = message(resolveSymbol(ctx, 'src/utlis.ts', 'formatDate'));
      assert.match(text, /^File not indexed: src\/utlis\.ts\. Closest indexed files: src\/utils\.ts, src\/util\/index\.ts, [^,]+, [^,]+, [^,]+\.$/);
      assert.match(message(resolveSymbol(ctx, 'lib/util.ts', 'x')), /Closest indexed files: src\/util\/index\.ts, /);
    });

    it('puts a typo of the basename before files whose name is only part of it (issue 41)', () => {
      const g = new TestGraph();
      for (const f of ['src/decorator/entity/Entity.ts', 'src/common/EntityTarget.ts', 'src/metadata/EntityMetadata.ts', 'src/entity-manager/EntityManager.ts', 'src/entity-manager/MongoEntityManager.ts', 'src/repository/Repository.ts', 'src/decorator/Index.ts']) {
        g.node(f, 'x', 'function');
      }
      const typos = g.context();
      const closest = (asked: string) => /Closest indexed files: ([^.]+\.ts)/.exec(message(resolveSymbol(typos, asked, 'x')))?.[1];
      assert.equal(closest('src/entity-manager/EntityManagr.ts'), 'src/entity-manager/EntityManager.ts');
      assert.equal(closest('EntityManagr.ts'), 'src/entity-manager/EntityManager.ts');
      assert.equal(closest('src/repository/Repositry.ts'), 'src/repository/Repository.ts');
      assert.equal(closest('src/Manager.ts'), 'src/entity-manager/EntityManager.ts', 'a part of the name');
    });

    it('a guessed name in a real folder: says no file is there, and suggests that folder\'s files first', () => {
      const g = new TestGraph();
      for (const f of ['examples/react/star-wars/src/Home.tsx', 'examples/react/rick-morty/src/Home.tsx', 'packages/query-core/src/types.ts', 'packages/query-core/src/utils.ts', 'packages/query-core/src/queryCache.ts', 'packages/vue-query/src/types.ts']) {
        g.node(f, 'x', 'function');
      }
      const text = message(resolveSymbol(g.context(), 'packages/query-core/src/nope.ts', 'hashKey'));
      assert.match(text, /^File not indexed: packages\/query-core\/src\/nope\.ts\. Closest indexed files: (packages\/query-core\/src\/[a-zA-Z]+\.ts, ){3}/, text);
      assert.match(text, /\. No file exists at that path\.$/);
      // Without a way to look at the disk, nothing is claimed about it.
      assert.doesNotMatch(message(resolveSymbol({ graph: g.build(), root: '/repo' }, 'packages/query-core/src/nope.ts', 'hashKey')), /No file exists/);
    });

    it('echoes at most 200 characters of a runaway path, and still suggests files', () => {
      const long = `src/${'very-long-folder/'.repeat(240)}utils.ts`;
      const text = message(resolveSymbol(ctx, long, 'formatDate'));
      assert.match(text, /^File not indexed: src\/(very-long-folder\/)+very-long… \(4092 characters\)\. Closest indexed files: src\/utils\.ts, /);
      assert.ok(text.length < 500, text);
      assert.match(message(resolveSymbol(ctx, `/elsewhere/${'x'.repeat(5000)}.ts`, 'a')), /^File path is outside the workspace: \/elsewhere\/x{189}… \(5014 characters\)\. Use a path inside/);
    });

    it('stops the suggestion search when the caller cancels (QueryCancelledError)', () => {
      const g = new TestGraph();
      for (let i = 0; i < 2_000; i++) g.node(`src/f${i}.ts`, `f${i}`, 'function');
      const cancelled = { ...g.context(), token: { isCancellationRequested: true } };
      assert.throws(() => resolveSymbol(cancelled, 'src/nope.ts', 'f'), QueryCancelledError);
      // Not cancelled: the same search answers.
      assert.match(message(resolveSymbol(g.context(), 'src/nope.ts', 'f')), /^File not indexed: src\/nope\.ts\. Closest indexed files: /);
    });

    it('says when the file exists but belongs to no TypeScript project', () => {
      assert.equal(
        message(resolveSymbol(ctx, 'src/generated/x.ts', 'x')),
        'File not indexed: src/generated/x.ts. It exists on disk but is not part of any TypeScript project (check tsconfig include/exclude, then re-index).',
      );
    });

    it("says what to ask about instead for a file no tsconfig can take: a library's, a non-source one", () => {
      assert.match(message(resolveSymbol(ctx, 'node_modules/lib/index.d.ts', 'x')), /^File not indexed: node_modules\/lib\/index\.d\.ts\. It is a library's file \(under node_modules\): only the workspace's own files are indexed\. Ask about the workspace code that uses it/);
      assert.match(message(resolveSymbol(ctx, 'README.md', 'x')), /^File not indexed: README\.md\. It exists on disk but is not a TypeScript or JavaScript source file: give the source file/);
    });

    it('names the expected form for empty input', () => {
      assert.match(message(resolveSymbol(ctx, '', 'formatDate')), /^Missing file_path: .*`src\/utils\.ts`/);
      assert.match(message(resolveSymbol(ctx, undefined as unknown as string, 'formatDate')), /^Missing file_path/);
      assert.match(message(resolveSymbol(ctx, '/repo', 'formatDate')), /names the workspace root/);
      assert.match(message(resolveSymbol(ctx, 'src/utils.ts', '  ')), /^Missing symbol: .*`formatDate` or `User\.save`/);
    });
  });

  describe('symbol', () => {
    it('matches the exact qualified name, then a unique trailing segment', () => {
      assert.equal(nodeId(resolveSymbol(ctx, 'src/api.ts', 'api.get')), 'src/api.ts#api.get@method');
      assert.equal(nodeId(resolveSymbol(ctx, 'src/api.ts', 'get')), 'src/api.ts#api.get@method');
      assert.equal(nodeId(resolveSymbol(ctx, 'src/api.ts', 'inner.fn')), 'src/api.ts#outer.inner.fn@function');
      assert.equal(nodeId(resolveSymbol(ctx, 'src/user.ts', 'load')), 'src/user.ts#User.load@method');
    });

    it('tolerates `()`, `#` and `.prototype.` spellings', () => {
      assert.equal(nodeId(resolveSymbol(ctx, 'src/utils.ts', 'formatDate()')), 'src/utils.ts#formatDate@function');
      assert.equal(nodeId(resolveSymbol(ctx, 'src/utils.ts', 'export function formatDate(d: Date): string')), 'src/utils.ts#formatDate@function');
      assert.equal(nodeId(resolveSymbol(ctx, 'src/user.ts', 'User#load')), 'src/user.ts#User.load@method');
      assert.equal(nodeId(resolveSymbol(ctx, 'src/user.ts', 'User.prototype.load')), 'src/user.ts#User.load@method');
    });

    it("takes an answer's label as it prints a name that repeats (`formatDate#1`): the name, in the file asked about", () => {
      assert.equal(nodeId(resolveSymbol(ctx, 'src/utils.ts', 'formatDate#1')), 'src/utils.ts#formatDate@function');
      assert.equal(nodeId(resolveSymbol(ctx, 'src/user.ts', 'User.load#2')), 'src/user.ts#User.load@method');
      // Still ambiguous in that file: the choices by line, as for the bare name.
      assert.match(message(resolveSymbol(ctx, 'src/merged.ts', 'Config#2')), /`Config:1` \(interface, line 1\), `Config:8` \(interface, line 8\)/);
    });

    it('matches the module node by file path, basename or <module>', () => {
      for (const symbol of ['src/utils.ts', 'utils.ts', '<module>']) {
        assert.equal(nodeId(resolveSymbol(ctx, 'src/utils.ts', symbol)), 'src/utils.ts#src/utils.ts@module', symbol);
      }
    });

    it('lists static/instance twins with the text that picks each, and accepts that text', () => {
      assert.equal(
        message(resolveSymbol(ctx, 'src/user.ts', 'User.save')),
        "Symbol 'User.save' is ambiguous in src/user.ts: 2 declarations match. Repeat the query with one of these as symbol: " +
          '`instance User.save` (method, line 9), `static User.save` (static method, line 5). ' +
          'To pick one, prefix `static ` or `instance `, `get ` or `set `, or a kind such as `function ` or `namespace `, or append `:LINE`.',
      );
      assert.equal(nodeId(resolveSymbol(ctx, 'src/user.ts', 'static User.save')), 'src/user.ts#User.save@method~1');
      assert.equal(nodeId(resolveSymbol(ctx, 'src/user.ts', 'instance User.save')), 'src/user.ts#User.save@method');
      assert.equal(nodeId(resolveSymbol(ctx, 'src/user.ts', 'static save')), 'src/user.ts#User.save@method~1');
      assert.equal(nodeId(resolveSymbol(ctx, 'src/user.ts', 'User.save:5')), 'src/user.ts#User.save@method~1');
    });

    it('tells getter from setter with get/set prefixes', () => {
      assert.match(message(resolveSymbol(ctx, 'src/user.ts', 'User.name')), /`get User\.name` \(getter, line 12\), `set User\.name` \(setter, line 14\)/);
      assert.equal(nodeId(resolveSymbol(ctx, 'src/user.ts', 'set User.name')), 'src/user.ts#User.name@setter');
    });

    it('falls back to :LINE for merged declarations of one kind', () => {
      assert.match(message(resolveSymbol(ctx, 'src/merged.ts', 'Config')), /`Config:1` \(interface, line 1\), `Config:8` \(interface, line 8\)/);
      assert.equal(nodeId(resolveSymbol(ctx, 'src/merged.ts', 'Config:8')), 'src/merged.ts#Config@interface~1');
    });

    it('asks for the qualified name when a trailing segment matches several members', () => {
      assert.match(message(resolveSymbol(ctx, 'src/a.ts', 'save')), /ambiguous.*`Order\.save` \(method, line \d+\), `User2\.save` \(method, line \d+\)/);
    });

    it('reports qualifiers that exclude every candidate', () => {
      assert.match(message(resolveSymbol(ctx, 'src/utils.ts', 'static formatDate')), /^No declaration matches 'static formatDate' in src\/utils\.ts/);
    });

    it('suggests close names in the file and the files that declare the exact name', () => {
      assert.equal(
        message(resolveSymbol(ctx, 'src/utils.ts', 'formatDat')),
        "Symbol 'formatDat' not found in src/utils.ts. Closest in that file: formatDate (function, line 15), formatTime (function, line 30). " +
          "Also named 'formatDat' in: src/legacy.ts.",
      );
      assert.match(message(resolveSymbol(ctx, 'src/utils.ts', 'FORMATTIME')), /Closest in that file: formatTime \(function, line 30\)/);
      assert.match(message(resolveSymbol(ctx, 'src/utils.ts', 'helper')), /Nothing there has a similar name; it declares: formatDate .*Also named 'helper' in: src\/util\/index\.ts\./);
    });

    it('names first the declaration of the name that code uses (vercel/ai: local click handlers came before the library\'s generateText)', () => {
      const g = new TestGraph();
      g.node('packages/ai/src/stream.ts', 'streamText', 'function');
      const real = g.node('packages/ai/src/generate.ts', 'generateText', 'function');
      g.node('apps/web/edge/page.tsx', 'generateText', 'function');
      g.node('apps/web/node/page.tsx', 'generateText', 'function');
      g.node('examples/a/run.ts', 'generateText', 'function');
      const callers = ['packages/ai/src/agent.ts', 'packages/ui/src/chat.ts'].map((f) => g.node(f, 'use', 'function'));
      for (const c of callers) g.edge(c, 'CALLS', real);
      assert.match(message(resolveSymbol(g.context(), 'packages/ai/src/stream.ts', 'generateText')), /Also named 'generateText' in: packages\/ai\/src\/generate\.ts, apps\/web\/edge\/page\.tsx, apps\/web\/node\/page\.tsx, examples\/a\/run\.ts\.$/);
    });

    it('does not echo a runaway symbol argument whole', () => {
      const text = message(resolveSymbol(ctx, 'src/utils.ts', 'x'.repeat(100_000)));
      assert.match(text, /^Symbol 'x{200}… \(100000 characters\)' not found in src\/utils\.ts\./);
      assert.ok(text.length < 1_000);
    });

    it('says when the file declares no symbols', () => {
      assert.match(message(resolveSymbol(ctx, 'src/empty.ts', 'x')), /The file declares no symbols of its own \(query its top-level code as `<module>`\)/);
    });

    it('resolves declarations of external files as endpoints', () => {
      const g = new TestGraph();
      const caller = g.node('src/a.ts', 'a', 'function');
      const ext = g.external('node_modules/lib/index.d.ts', 'debounce');
      g.edge(caller, 'CALLS', ext);
      assert.equal(nodeId(resolveSymbol(g.context(), 'node_modules/lib/index.d.ts', 'debounce')), ext);
    });
  });

  describe('names re-exported by a barrel', () => {
    // typeorm's src/index.ts: ~140 `export *` lines; a name declared past the 50th file was refused.
    it('follows `export *` by depth, however many files a barrel re-exports', () => {
      const g = new TestGraph();
      for (let i = 0; i < 200; i++) {
        g.node(`src/m${i}.ts`, `thing${i}`, 'function');
        g.reExport('src/index.ts', '*', `src/m${i}.ts`);
      }
      // and one level down, behind another wide barrel
      for (let i = 0; i < 120; i++) {
        g.node(`src/deep/d${i}.ts`, `deep${i}`, 'class');
        g.reExport('src/deep/index.ts', '*', `src/deep/d${i}.ts`);
      }
      g.reExport('src/index.ts', '*', 'src/deep/index.ts');
      const ctx = g.context();
      const last = resolveSymbol(ctx, 'src/index.ts', 'thing199');
      assert.equal(nodeId(last), 'src/m199.ts#thing199@function');
      assert.equal(last.ok && last.note, '`thing199` is re-exported by src/index.ts; answered for src/m199.ts, where it is declared.');
      assert.equal(nodeId(resolveSymbol(ctx, 'src/index.ts', 'deep119')), 'src/deep/d119.ts#deep119@class');
      assert.match(message(resolveSymbol(ctx, 'src/index.ts', 'nowhere')), /Symbol 'nowhere' not found in src\/index\.ts/);
    });

    it('ends on cycles and stops at a chain deeper than any real one', () => {
      const g = new TestGraph();
      g.reExport('src/a.ts', '*', 'src/b.ts');
      g.reExport('src/b.ts', '*', 'src/a.ts');
      g.node('src/c.ts', 'c', 'function');
      assert.ok(!resolveSymbol(g.context(), 'src/a.ts', 'c').ok);
      const chain = new TestGraph();
      for (let i = 0; i < 60; i++) chain.reExport(`src/l${i}.ts`, '*', `src/l${i + 1}.ts`);
      chain.node('src/l60.ts', 'end', 'function');
      chain.node('src/l30.ts', 'middle', 'function');
      const ctx = chain.context();
      assert.equal(nodeId(resolveSymbol(ctx, 'src/l0.ts', 'middle')), 'src/l30.ts#middle@function');
      assert.ok(!resolveSymbol(ctx, 'src/l0.ts', 'end').ok, 'past 50 hops a chain is not followed');
      assert.equal(nodeId(resolveSymbol(ctx, 'src/l10.ts', 'end')), 'src/l60.ts#end@function');
    });
  });

  describe("a file's default export, by the name its importers give it (issue 41)", () => {
    const g = new TestGraph();
    g.node('src/subset/harfbuzz-loader.ts', 'load', 'function', { line: 10 });
    const esm = g.node('src/subset/harfbuzz-loader.ts', 'default', 'function', { line: 51 });
    // `module.exports = (res, cb) => …` is named after the file
    const cjs = g.node('lib/on-finished/index.js', 'index', 'function', { line: 3 });
    g.node('lib/on-finished/index.js', 'isFinished', 'function', { line: 20 });
    // `export default compose` names a declaration of the file
    const named = g.node('src/compose.ts', 'compose', 'function');
    g.reExport('src/compose.ts', 'default', 'src/compose.ts', 'compose');
    g.node('src/plain.ts', 'plain', 'function');
    const ctx = g.context();

    it('accepts the file name in any spelling, `default` and `module.exports`, saying what it answered for', () => {
      const loader = resolveSymbol(ctx, 'src/subset/harfbuzz-loader.ts', 'harfbuzzLoader');
      assert.equal(nodeId(loader), esm);
      assert.equal(loader.ok && loader.note, '`harfbuzzLoader` names the default export of src/subset/harfbuzz-loader.ts; answered for `default` (function, line 51).');
      assert.equal(nodeId(resolveSymbol(ctx, 'lib/on-finished/index.js', 'onFinished')), cjs, "an index file's folder");
      assert.equal(nodeId(resolveSymbol(ctx, 'lib/on-finished/index.js', 'default')), cjs);
      assert.equal(nodeId(resolveSymbol(ctx, 'lib/on-finished/index.js', 'module.exports')), cjs);
    });

    it('answers for it under any import name that is no typo of another declaration', () => {
      const asked = resolveSymbol(ctx, 'src/subset/harfbuzz-loader.ts', 'loadHbSubset');
      assert.equal(nodeId(asked), esm);
      assert.equal(asked.ok && asked.note, '`loadHbSubset` is not declared in src/subset/harfbuzz-loader.ts; answered for its default export, `default` (function, line 51), which importers name as they like.');
      assert.equal(nodeId(resolveSymbol(ctx, 'src/compose.ts', 'composeMiddleware')), named);
      assert.match(message(resolveSymbol(ctx, 'lib/on-finished/index.js', 'isFinishd')), /^Symbol 'isFinishd' not found in lib\/on-finished\/index\.js\. Closest in that file: isFinished/);
      assert.match(message(resolveSymbol(ctx, 'src/plain.ts', 'other')), /^Symbol 'other' not found in src\/plain\.ts/, 'no default export');
    });
  });
});
