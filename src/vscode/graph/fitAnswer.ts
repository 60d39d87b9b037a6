import { CUT_NOTE } from '../../core/format/fitToBudget';
import { QueryAnswer } from '../../worker/protocol';

/** Attempts at asking the worker for a smaller answer before cutting lines here. */
const MAX_ATTEMPTS = 3;

/**
 * Fits an answer into the caller's token budget, measured with the caller's own tokenizer.
 *
 * The worker fits the text with the core's fitToBudget (drop snippets, then trim the farthest
 * nodes, saying what was cut) but can only estimate tokens (about 4 characters each): the model's
 * tokenizer lives in this process and is asynchronous. So: ask with the budget, count the real
 * tokens, and when the estimate was optimistic ask again with a budget scaled down by the
 * observed ratio. If that still does not fit, cut whole lines and end with CUT_NOTE.
 */
export async function fitAnswer(
  ask: (budget: number) => Promise<QueryAnswer>,
  budget: number,
  countTokens: (text: string) => Promise<number>,
): Promise<QueryAnswer> {
  let target = budget;
  let answer = await ask(target);
  for (let attempt = 1; ; attempt++) {
    const used = await countTokens(answer.text);
    if (used <= budget) return answer;
    if (attempt >= MAX_ATTEMPTS) break;
    target = Math.max(1, Math.floor((target * budget * 0.9) / used));
    answer = await ask(target);
  }
  return { ...answer, text: await cutLines(answer.text, budget, countTokens) };
}

/** Longest prefix of whole lines that fits with CUT_NOTE (binary search over the line count). */
async function cutLines(text: string, budget: number, countTokens: (text: string) => Promise<number>): Promise<string> {
  const lines = text.replace(/\n$/, '').split('\n');
  const withNote = (n: number): string => [...lines.slice(0, n), CUT_NOTE].join('\n') + '\n';
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((await countTokens(withNote(mid))) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 && (await countTokens(withNote(0))) > budget ? '' : withNote(lo);
}
