import * as fs from 'fs';
import * as path from 'path';

export const ACCEPT_HINT = 'run: npm run golden:accept';

/**
 * Compares `actual` with the golden file. On a mismatch it throws an error holding a line diff and
 * the accept command; with GOLDEN_ACCEPT=1 it writes the file instead (the only way goldens change).
 * Line endings are compared as LF so a CRLF checkout is not a mismatch.
 */
export function checkGolden(file: string, actual: string): void {
  const text = normalize(actual);
  if (process.env.GOLDEN_ACCEPT === '1') {
    if (readIfExists(file) !== text) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
    return;
  }
  const stored = readIfExists(file);
  const shown = path.relative(process.cwd(), file) || file;
  if (stored === undefined) {
    throw new Error(`Golden file missing: ${shown}\nActual output:\n${indent(text)}\nIf it is right, ${ACCEPT_HINT}`);
  }
  if (stored !== text) {
    const diff = lineDiff(stored, text);
    throw new Error(`Golden mismatch: ${shown}\n--- golden\n+++ actual\n${diff}\nIf the change is intended, ${ACCEPT_HINT}`);
  }
}

/** Unified-style diff (`@@ -a,n +b,m @@`, 3 lines of context) of two texts, line by line. */
export function lineDiff(expected: string, actual: string, context = 3): string {
  const ops = diffLines(splitLines(expected), splitLines(actual));
  const changed = ops.map((op, i) => (op.mark === ' ' ? -1 : i)).filter((i) => i >= 0);
  if (changed.length === 0) return '(no line differs)';
  const hunks: Array<[number, number]> = [];
  for (const i of changed) {
    const start = Math.max(0, i - context);
    const end = Math.min(ops.length, i + context + 1);
    const last = hunks[hunks.length - 1];
    if (last && start <= last[1]) last[1] = end;
    else hunks.push([start, end]);
  }
  const out: string[] = [];
  for (const [start, end] of hunks) {
    const slice = ops.slice(start, end);
    const a = slice.filter((op) => op.mark !== '+');
    const b = slice.filter((op) => op.mark !== '-');
    out.push(`@@ -${a[0]?.a ?? ops[start].a},${a.length} +${b[0]?.b ?? ops[start].b},${b.length} @@`);
    for (const op of slice) out.push(`${op.mark}${op.text}`);
  }
  if (differOnlyInTrailingSpace(expected, actual)) out.push('(the lines differ only in trailing whitespace)');
  return out.join('\n');
}

interface DiffOp {
  mark: ' ' | '-' | '+';
  text: string;
  /** 1-based line in the expected text where this op sits. */
  a: number;
  /** 1-based line in the actual text where this op sits. */
  b: number;
}

/** LCS over the lines between the common prefix and suffix (goldens are small; the middle is smaller). */
function diffLines(x: string[], y: string[]): DiffOp[] {
  let pre = 0;
  while (pre < x.length && pre < y.length && x[pre] === y[pre]) pre++;
  let suf = 0;
  while (suf < x.length - pre && suf < y.length - pre && x[x.length - 1 - suf] === y[y.length - 1 - suf]) suf++;
  const xm = x.slice(pre, x.length - suf);
  const ym = y.slice(pre, y.length - suf);
  const ops: DiffOp[] = [];
  const push = (mark: DiffOp['mark'], text: string, i: number, j: number) => ops.push({ mark, text, a: i + 1, b: j + 1 });
  for (let k = 0; k < pre; k++) push(' ', x[k], k, k);
  middleOps(xm, ym).forEach(([mark, i, j]) => push(mark, mark === '+' ? ym[j] : xm[i], pre + i, pre + j));
  for (let k = suf; k > 0; k--) push(' ', x[x.length - k], x.length - k, y.length - k);
  return ops;
}

/** [mark, index in x, index in y] for the lines between the common prefix and suffix. */
type MiddleOp = [DiffOp['mark'], number, number];

function middleOps(x: string[], y: string[]): MiddleOp[] {
  const n = x.length;
  const m = y.length;
  // Past ~4M cells a readable diff is hopeless anyway: show everything as replaced.
  if (n * m > 4_000_000) {
    return [...x.map((_, i): MiddleOp => ['-', i, 0]), ...y.map((_, j): MiddleOp => ['+', n, j])];
  }
  // lcs[i * (m + 1) + j] = LCS length of x[i..] and y[j..]
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] =
        x[i] === y[j] ? lcs[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(lcs[(i + 1) * (m + 1) + j], lcs[i * (m + 1) + j + 1]);
    }
  }
  const ops: MiddleOp[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) ops.push([' ', i++, j++]);
    else if (j < m && (i === n || lcs[i * (m + 1) + j + 1] >= lcs[(i + 1) * (m + 1) + j])) ops.push(['+', i, j++]);
    else ops.push(['-', i++, j]);
  }
  return reorderRuns(ops);
}

/** Within a run of changes, removals first: "-old / +new" reads better than interleaved lines. */
function reorderRuns(ops: MiddleOp[]): MiddleOp[] {
  const out: MiddleOp[] = [];
  let run: MiddleOp[] = [];
  const flush = () => {
    out.push(...run.filter((op) => op[0] === '-'), ...run.filter((op) => op[0] === '+'));
    run = [];
  };
  for (const op of ops) {
    if (op[0] === ' ') {
      flush();
      out.push(op);
    } else run.push(op);
  }
  flush();
  return out;
}

function differOnlyInTrailingSpace(a: string, b: string): boolean {
  const trim = (s: string) => splitLines(s).map((l) => l.trimEnd()).join('\n');
  return trim(a) === trim(b);
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function normalize(text: string): string {
  const lf = text.replace(/\r\n/g, '\n');
  return lf.endsWith('\n') ? lf : `${lf}\n`;
}

function readIfExists(file: string): string | undefined {
  try {
    return normalize(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function indent(text: string): string {
  return splitLines(text).map((l) => `  ${l}`).join('\n');
}
