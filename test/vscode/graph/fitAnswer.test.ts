import * as assert from 'assert';
import { CUT_NOTE } from '../../../src/core/format/fitToBudget';
import { QueryAnswer } from '../../../src/worker/protocol';
import { fitAnswer } from '../../../src/vscode/graph/fitAnswer';

const answer = (text: string): QueryAnswer => ({ query: 'dependentsOf', text, isError: false });
const chars = async (text: string) => text.length;

describe(fitAnswer.name, () => {
  it('returns the first answer when the real count fits', async () => {
    const asked: number[] = [];
    const result = await fitAnswer(async (b) => (asked.push(b), answer('x'.repeat(50))), 60, chars);
    assert.deepStrictEqual(asked, [60]);
    assert.strictEqual(result.text.length, 50);
  });

  it('asks again with a budget scaled by the observed ratio when the estimate was optimistic', async () => {
    const asked: number[] = [];
    // The worker's estimate is half the real count: it returns 2 × budget characters.
    const result = await fitAnswer(async (b) => (asked.push(b), answer('x'.repeat(b * 2))), 100, chars);
    assert.strictEqual(asked[0], 100);
    assert.ok(asked[1] < 50, `second budget ${asked[1]}`);
    assert.ok(result.text.length <= 100);
  });

  it('cuts whole lines and says so when asking again does not help', async () => {
    const text = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n') + '\n';
    const result = await fitAnswer(async () => answer(text), 60, chars);
    assert.ok(result.text.length <= 60, result.text);
    assert.ok(result.text.endsWith(`${CUT_NOTE}\n`), result.text);
    assert.ok(result.text.startsWith('line 0\n'), result.text);
  });
});
