/**
 * Edit distance (insertions, deletions, substitutions; each costs 1) between two strings.
 *
 * Written here rather than pulled from npm: suggestions are the only user, inputs are short
 * (paths and identifiers), and the extension ships without runtime dependencies it can avoid.
 * Callers lower-case both sides themselves when they want a case-insensitive distance.
 *
 * `max` lets ranking code stop early: once every cell of a row exceeds it, the final distance
 * must too, so `max + 1` is returned without finishing the table (ranking only needs "too far").
 */
export function levenshtein(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (a.length === 0) return Math.min(b.length, max + 1);
  if (b.length === 0) return Math.min(a.length, max + 1);
  // The length gap alone is a lower bound on the distance.
  if (Math.abs(a.length - b.length) > max) return max + 1;

  // Two rolling rows over the shorter string keep memory O(min(|a|, |b|)).
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  let previous = new Array<number>(short.length + 1);
  let current = new Array<number>(short.length + 1);
  for (let j = 0; j <= short.length; j++) previous[j] = j;

  for (let i = 1; i <= long.length; i++) {
    current[0] = i;
    let rowMin = current[0];
    const ch = long.charCodeAt(i - 1);
    for (let j = 1; j <= short.length; j++) {
      const substitution = previous[j - 1] + (ch === short.charCodeAt(j - 1) ? 0 : 1);
      const deletion = previous[j] + 1;
      const insertion = current[j - 1] + 1;
      const best = Math.min(substitution, deletion, insertion);
      current[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > max) return max + 1;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[short.length], max + 1);
}
