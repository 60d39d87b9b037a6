import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { PARENS_DEPTH } from '../../support/hostileWorkspace';
import { TOOLS, activateExtension, eventually, fixturePath, invoke } from './helpers';

/**
 * Issues 7 and 13 in the real extension host: a file the compiler cannot parse (thousands of nested
 * parentheses) appears in the workspace. The rest of the graph keeps answering, the answers that may
 * miss its calls say so, the status is a warning naming the file (never plain "ready"), and when the
 * file is fixed the warning goes away.
 */
suite('incomplete graph', () => {
  const formatDate = { file_path: 'src/utils/format.ts', symbol: 'formatDate' };
  const rel = 'src/gen/deepParens.ts';
  const text = (depth: number) =>
    `import { formatDate } from '../utils/format';\nexport const deep = ${'('.repeat(depth)}1${')'.repeat(depth)};\nexport function deepStamp() { return formatDate(new Date(deep)); }\n`;

  // TypeScript 7's parser (the default compiler where its binary is installed) is not recursive: the
  // file is analysed like any other. TypeScript 6's overflows: the file is named as failed. The host
  // runs whichever its folder got; the other is the core suites' (test:inprocess runs fault isolation).
  test('a file too deep for TypeScript 6: analysed by 7; under 6 named in the answers and the status, and fixing it clears both', async () => {
    const api = (await activateExtension()).exports;
    const file = fixturePath(`app/${rel}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const compiler = api.status().find((f) => f.name === 'app')?.typescript ?? '';
    if (/native/.test(compiler)) {
      try {
        fs.writeFileSync(file, text(PARENS_DEPTH));
        const answer = await eventually(() => invoke(TOOLS.dependentsOf, formatDate), (t) => t.includes('deepStamp --CALLS--> formatDate'), 'the deep file analysed', 20_000);
        assert.doesNotMatch(answer, /Incomplete:/);
        assert.deepStrictEqual(api.status().find((f) => f.name === 'app')?.errors ?? [], []);
        fs.rmSync(path.dirname(file), { recursive: true, force: true });
        await eventually(() => invoke(TOOLS.dependentsOf, formatDate), (t) => !t.includes('deepStamp'), 'the deleted folder gone from the graph', 20_000);
      } finally {
        fs.rmSync(path.dirname(file), { recursive: true, force: true });
      }
      return;
    }
    try {
      fs.writeFileSync(file, text(PARENS_DEPTH));
      const answer = await eventually(() => invoke(TOOLS.dependentsOf, formatDate), (t) => t.includes(`Incomplete: ${rel} could not be analysed`), 'the failed file named in the answer', 20_000);
      assert.match(answer, /^## Graph$/m, 'the rest of the graph still answers');
      assert.doesNotMatch(answer, /deepStamp/, 'the failed file contributes no calls');
      const app = api.status().find((f) => f.name === 'app');
      assert.ok(app?.state === 'ready' && app.errors?.some((e) => e.startsWith(`${rel} could not be analysed`)), JSON.stringify(app));
      assert.ok(api.recentLog().some((l) => l.includes(`${rel} could not be analysed`)), 'logged as an error');

      fs.writeFileSync(file, text(3));
      const healed = await eventually(() => invoke(TOOLS.dependentsOf, formatDate), (t) => t.includes('deepStamp --CALLS--> formatDate'), 'the fixed file indexed', 20_000);
      assert.doesNotMatch(healed, /Incomplete:/);
      assert.deepStrictEqual(api.status().find((f) => f.name === 'app')?.errors ?? [], []);

      fs.rmSync(path.dirname(file), { recursive: true, force: true });
      await eventually(() => invoke(TOOLS.dependentsOf, formatDate), (t) => !t.includes('deepStamp'), 'the deleted folder gone from the graph', 20_000);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
