/**
 * When a host shows the first answer before the index (CodeGraph.firstAnswer): only when the ordinary
 * answer does not come within this grace from the ask (the first answer's own work counts), so a small
 * workspace still answers once and whole. TS_CODE_GRAPH_FIRST_ANSWER_MS sets it (0: always), else 1 s.
 */
export function firstAnswerGraceMs(env = process.env.TS_CODE_GRAPH_FIRST_ANSWER_MS): number {
  const ms = Number(env);
  return env !== undefined && env !== '' && ms >= 0 ? ms : 1000;
}

/** Whether `done` settles within `ms` (false at once when the grace is spent); the timer is cleared either way, keeping nothing alive. */
export async function withinGrace(done: Promise<unknown>, ms: number): Promise<boolean> {
  if (ms <= 0) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([done.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
