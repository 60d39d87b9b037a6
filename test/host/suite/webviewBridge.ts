import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

/**
 * The suite's side of runTests.js's webview bridge: the extension host cannot reach the browser,
 * the runner can. A request file goes into PROBE_BRIDGE_DIR; the runner acts on the page through
 * playwright (the webview frame's real DOM, a real mouse click) and writes the answer beside it.
 * Only under runTests.js (code-server); elsewhere the graph view tests say so and fail.
 */
let counter = 0;

async function ask<T>(request: object, timeoutMs = 15000): Promise<T> {
  const dir = process.env.PROBE_BRIDGE_DIR;
  assert.ok(dir, 'PROBE_BRIDGE_DIR is not set: the graph view tests need test/host/runTests.js (code-server + Chromium), which reads webviews for the suite');
  const name = `${process.pid}-${++counter}`;
  const req = path.join(dir, `${name}.req.json`);
  fs.writeFileSync(`${req}.tmp`, JSON.stringify(request));
  fs.renameSync(`${req}.tmp`, req);
  const res = path.join(dir, `${name}.res.json`);
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(res)) {
    if (Date.now() > deadline) assert.fail(`the webview bridge did not answer ${JSON.stringify(request).slice(0, 200)} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const answer = JSON.parse(fs.readFileSync(res, 'utf8')) as { ok: boolean; value?: T; error?: string };
  fs.rmSync(res, { force: true });
  if (!answer.ok) throw new Error(answer.error);
  return answer.value as T;
}

/** Evaluate `expression` in the graph view titled `title` (its webview frame's document). */
export function viewEval<T>(title: string, expression: string, timeoutMs?: number): Promise<T> {
  return ask<T>({ op: 'eval', title, expression }, timeoutMs);
}

/** Evaluate `expression` in VS Code's Markdown preview whose first heading reads `heading`. */
export function previewEval<T>(heading: string, expression: string, timeoutMs?: number): Promise<T> {
  return ask<T>({ op: 'evalPreview', heading, expression }, timeoutMs);
}

/** A real click on `selector` in VS Code's Markdown preview whose first heading reads `heading`. */
export function previewClick(heading: string, selector: string, timeoutMs?: number): Promise<void> {
  return ask<void>({ op: 'clickPreview', heading, selector }, timeoutMs);
}

/** A real click (playwright: scroll into view, mouse down/up) on `selector` inside the graph view. */
export function viewClick(title: string, selector: string): Promise<void> {
  return ask<void>({ op: 'click', title, selector });
}

/** A real key press (playwright's keyboard) in the graph view, after focusing `selector` there when one is given. */
export function viewPress(title: string, key: string, selector?: string): Promise<void> {
  return ask<void>({ op: 'press', title, key, selector });
}

/** The workbench's window size (the browser page code-server runs in). */
export function resizeWindow(width: number, height: number): Promise<void> {
  return ask<void>({ op: 'resize', width, height });
}

export function screenshot(file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return ask<void>({ op: 'screenshot', path: file });
}

/** Answers the workbench's open save dialog with `file` (the suite cannot reach the dialog either). */
export function saveAs(file: string): Promise<void> {
  return ask<void>({ op: 'saveAs', path: file });
}

/** Retry `read` until `ok` (the view draws asynchronously); the last value on success. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs = 15000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let error: unknown;
  for (;;) {
    try {
      last = await read();
      if (ok(last)) return last;
    } catch (err) {
      error = err;
    }
    if (Date.now() > deadline) assert.fail(`${what}: not seen within ${timeoutMs} ms (last: ${JSON.stringify(last)?.slice(0, 500)}${error ? `, error: ${String(error)}` : ''})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
