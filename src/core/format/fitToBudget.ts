import { GraphResult, QueryResult } from '../query/QueryResult';
import { ANSWER_TOKEN_BUDGET } from './formatMore';
import { formatText } from './formatText';
import { SourceReader } from './SourceReader';
import { discoveredCount, trimResult } from './trimResult';

/** Counts the tokens of a text; the VS Code host passes `tokenizationOptions.countTokens`. */
export type TokenCounter = (text: string) => number | Promise<number>;

/**
 * formatText, made to fit `tokenBudget` (VS Code's `tokenizationOptions.tokenBudget`) while
 * saying what it left out, so the model knows the answer is partial and how to get the rest.
 *
 * Steps, cheapest loss first:
 * 1. The full text, when it fits (a non-finite budget means "no budget"; the text keeps within
 *    the tools' own budget anyway, ANSWER_TOKEN_BUDGET).
 * 2. Naming fewer of the nodes left out of the detail (`## More`, the farthest first; none at
 *    worst): the largest count whose text fits (binary search); the truncation line counts the rest.
 * 3. Without snippets, with BUDGET_SNIPPETS_NOTE first (only when that removed a snippet):
 *    the offsets/limits still let the model Read the code, and each block keeps its call lines
 *    (`calls at:`, formatText), so the lines a snippet would have marked stay in the answer.
 * 4. Also without the farthest nodes: the largest `keep` (trimResult, binary search) whose text
 *    fits. trimResult recounts the truncation: exact shown/total counts and, as the query's cut
 *    states them, where the left-out nodes are and which shown nodes to query next.
 *    At least one edge always stays, so the Graph section is never empty.
 * 5. If even that minimal graph does not fit, the same with the plain truncation line (counts only);
 *    if that does not fit either, it is cut with CUT_NOTE, as are oversized messages.
 *
 * Default counter: about 4 characters per token (Math.ceil(chars / 4)), a common estimate
 * for code and English; pass the model's own counter when there is one.
 */
export async function fitToBudget(
  result: QueryResult,
  source: SourceReader,
  tokenBudget: number,
  countTokens: TokenCounter = estimateTokens,
): Promise<string> {
  const fits = async (text: string): Promise<boolean> => (await countTokens(text)) <= tokenBudget;
  const full = formatText(result, source);
  if (!Number.isFinite(tokenBudget) || (await fits(full))) return full;
  if (result.kind === 'message') return cutToFit(full, fits);

  const more = result.truncation?.more?.length ?? 0;
  if (more > 0 && (await fits(formatText(result, source, { maxListed: 0 })))) {
    let lo = 0;
    let hi = more;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (await fits(formatText(result, source, { maxListed: mid }))) lo = mid;
      else hi = mid - 1;
    }
    return formatText(result, source, { maxListed: lo });
  }

  const lean = leanText(result, source);
  if (await fits(lean)) return lean;

  const floor = smallestKeepWithEdges(result);
  let best: string | undefined;
  let lo = floor;
  let hi = discoveredCount(result) - 1;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const text = leanText(trimResult(result, mid), source);
    if (await fits(text)) {
      best = text;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  if (best !== undefined) return best;
  // The smallest graph with the plain truncation line (no places, no names) before any cut mid-text.
  const plain = leanText(withoutCutSummary(trimResult(result, floor)), source);
  return (await fits(plain)) ? plain : cutToFit(plain, fits);
}

/**
 * The text every tool and the CLI give: formatText, fitted into `tokenBudget` when a host has one
 * (VS Code's), and never over the tools' own budget (ANSWER_TOKEN_BUDGET): an answer whose detail
 * alone is larger (a file with hundreds of used declarations; an impact with hundreds of changed
 * symbols) loses its farthest detail as fitToBudget drops it, saying so.
 */
export function answerText(result: QueryResult, source: SourceReader, tokenBudget: number = ANSWER_TOKEN_BUDGET, countTokens?: TokenCounter): Promise<string> {
  return fitToBudget(result, source, Math.min(tokenBudget, ANSWER_TOKEN_BUDGET), countTokens);
}

/** The result whose truncation line only counts (formatText's generic wording): shorter when little fits. */
function withoutCutSummary(result: GraphResult): GraphResult {
  const t = result.truncation;
  if (!t) return result;
  return { ...result, truncation: t.stoppedEarly ? { shownNodes: t.shownNodes, totalNodes: t.totalNodes, stoppedEarly: true } : { shownNodes: t.shownNodes, totalNodes: t.totalNodes } };
}

/** Written before `## Graph` when snippets were dropped for the budget. */
export const BUDGET_SNIPPETS_NOTE = "Snippets omitted to fit the token budget; Read a node's file at its offset/limit for code.";

/** Ends a text that had to be cut mid-way (oversized message, or a budget below the smallest graph). */
export const CUT_NOTE = '(Cut to fit the token budget.)';

function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The text without snippets; the note only when there were snippets to drop (otherwise it would mislead). */
function leanText(result: GraphResult, source: SourceReader): string {
  const text = formatText(result, source, { snippets: 'none', maxListed: 0 });
  if (text === formatText(result, source, { maxListed: 0 })) return text;
  // The note joins the truncation line, if any, in the preface above `## Graph`.
  return text.startsWith('## Graph') ? `${BUDGET_SNIPPETS_NOTE}\n\n${text}` : `${BUDGET_SNIPPETS_NOTE}\n${text}`;
}

/** Smallest `keep` that leaves at least one edge (edges only grow with `keep`, so binary search). */
function smallestKeepWithEdges(result: GraphResult): number {
  let lo = 0;
  let hi = discoveredCount(result);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (trimResult(result, mid).edges.length > 0) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The longest prefix that fits together with CUT_NOTE; '' when not even the note fits. */
async function cutToFit(text: string, fits: (text: string) => Promise<boolean>): Promise<string> {
  const ending = text.endsWith('\n') ? '\n' : '';
  const candidate = (length: number): string => {
    // Never end on half a surrogate pair.
    const code = text.charCodeAt(length - 1);
    const end = code >= 0xd800 && code <= 0xdbff ? length - 1 : length;
    const kept = text.slice(0, end).trimEnd();
    return kept ? `${kept}\n${CUT_NOTE}${ending}` : `${CUT_NOTE}${ending}`;
  };
  if (!(await fits(candidate(0)))) return '';
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (await fits(candidate(mid))) lo = mid;
    else hi = mid - 1;
  }
  return candidate(lo);
}
