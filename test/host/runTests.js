#!/usr/bin/env node
// `npm run test:host`: runs the in-host suite (out/test/host/suite) inside a real VS Code
// extension host, here code-server 4.100.3's remote Node extension host, with the workbench
// loaded in Debian's headless Chromium through playwright-core. Everything stays on 127.0.0.1.
// Exit code = the suite's result; the last line is "N passed, N failed, N pending" (a graph cache the
// run wrote into the user's cache folder counts as one more failure: everything keeps to the run's dir).
// Adapted from /work/shared/recipes/vscode-host-tests/run-tests.js. Prerequisite: bash test/host/setup.sh
//
// Options: --timeout SEC (default 480)   Env: HOST_TEST_GREP=<mocha grep>, PROBE_VERBOSE=1 (code-server and
// browser output), PROBE_KEEP=1 (keep the run's temp dir), CHROMIUM_PATH (default /usr/bin/chromium).
// --vsix FILE --folder DIR: test what ships instead of the development folder: install the packed VSIX
// with code-server's --install-extension, open a copy of DIR, and run the suite's installed-VSIX tests.
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const net = require('net');
const util = require('util');

const hostDir = __dirname;
const repo = path.resolve(hostDir, '..', '..');
const testsEntry = path.join(repo, 'out', 'test', 'host', 'suite', 'index.js');
const fixture = path.join(hostDir, 'workspace');
const timeoutSec = Number(argValue('timeout', '480'));
// --vsix packed: the universal file `npm run package` writes for this package.json's version;
// --vsix packed:linux-x64: the one for that platform target (vsix.mjs), carrying the native compiler.
const vsixArg = argValue('vsix', undefined);
const vsix = vsixArg && path.resolve(vsixArg.startsWith('packed') ? path.join(repo, `ts-code-graph-${vsixArg.split(':')[1] ? `${vsixArg.split(':')[1]}-` : ''}${require(path.join(repo, 'package.json')).version}.vsix`) : vsixArg);
const folder = argValue('folder', undefined) && path.resolve(argValue('folder', undefined));
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const verbose = !!process.env.PROBE_VERBOSE;

function argValue(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

function requirePrerequisites() {
  const missing = [];
  if (vsix) {
    if (!fs.existsSync(vsix)) missing.push(`${vsix}: run \`npm run package\``);
    if (!folder || !fs.existsSync(folder)) missing.push('--folder DIR: the folder to open with the installed VSIX');
  } else if (!fs.existsSync(path.join(repo, 'dist', 'extension.js')) || !fs.existsSync(path.join(repo, 'dist', 'worker.js'))) missing.push('dist/extension.js and dist/worker.js: run `npm run build`');
  if (!fs.existsSync(testsEntry)) missing.push('out/test/host/suite/index.js: run `npm run compile-tests`');
  if (!fs.existsSync(path.join(hostDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'))) missing.push('code-server in test/host/node_modules: run `bash test/host/setup.sh` once');
  if (!fs.existsSync(chromiumPath)) missing.push(`${chromiumPath}: run \`bash test/host/setup.sh\` once (or set CHROMIUM_PATH)`);
  if (missing.length > 0) {
    console.error(`test:host cannot start. Missing:\n  - ${missing.join('\n  - ')}`);
    process.exit(2);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHttp(url, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`code-server did not come up at ${url}`);
}

/** User settings that keep the workbench and built-in extensions off the network. */
function writeUserSettings(userDataDir) {
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify({
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'workbench.enableExperiments': false,
    'workbench.startupEditor': 'none',
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'security.workspace.trust.enabled': false,
    'npm.fetchOnlinePackageInfo': false,
    'json.schemaDownload.enable': false,
    'typescript.disableAutomaticTypeAcquisition': true,
    'git.autofetch': false,
    // VS Code's git extension greys out ignored files with `git check-ignore --stdin`; when that git exits
    // before reading its input the extension's EPIPE is uncaught in the extension host, and mocha there
    // fails whatever test or hook runs at that moment (seen in "worker recovery"'s setup, 2 runs in 5,
    // once the impact suite has made ws/app a repository). The suite needs no decorations.
    'git.decorations.enabled': false,
  }, null, 2));
}

async function main() {
  requirePrerequisites();
  // The user's graph cache folder, which the run must leave alone (its processes get XDG_CACHE_HOME in the run's dir).
  const userCache = path.dirname(require(path.join(repo, 'out', 'src', 'nodehost', 'cacheDir.js')).graphCacheDir(repo, undefined));
  const { userCacheWrites } = require(path.join(repo, 'out', 'test', 'support', 'userCacheWrites.js'));
  const t0 = Date.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tscg-host-'));
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  // The suite edits, creates and deletes fixture files: it works on a throwaway copy.
  const ws = path.join(tmp, 'ws');
  fs.cpSync(folder || fixture, ws, { recursive: true });
  // The graph view at real sizes (suite/graphViewReal.test.ts) adds a real npm workspace as a folder
  // of its own: fetched from the npm registry once into .cache/real-workspaces (reused), before the
  // clock of the suite starts. Not copied: the suite only reads it.
  const real = {};
  if (!vsix) {
    const started = Date.now();
    try {
      real.REAL_WORKSPACE_ROOT = require(path.join(repo, 'out', 'test', 'support', 'realWorkspace.js')).ensureRealWorkspace().root;
      console.error(`[test:host] real workspace ${real.REAL_WORKSPACE_ROOT} ready in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    } catch (e) {
      real.REAL_WORKSPACE_ERROR = (e && e.message) || String(e);
      console.error(`[test:host] ${real.REAL_WORKSPACE_ERROR}`);
    }
  }
  fs.mkdirSync(path.join(tmp, 't'));
  const configFile = path.join(tmp, 'config.yaml');
  fs.writeFileSync(configFile, 'auth: none\ncert: false\n');
  writeUserSettings(path.join(tmp, 'user-data'));

  const entry = path.join(hostDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  // What ships: the .vsix goes through code-server's own installer into the run's extensions dir.
  // The development path is then an empty stand-in extension (the tests need one to run).
  let developmentPath = repo;
  if (vsix) {
    const install = require('child_process').spawnSync(process.execPath, [entry, '--extensions-dir', path.join(tmp, 'extensions'), '--user-data-dir', path.join(tmp, 'user-data'), '--install-extension', vsix], { encoding: 'utf8', env: { ...process.env, TMPDIR: path.join(tmp, 't') } });
    const said = `${install.stdout}${install.stderr}`.trim();
    if (install.status !== 0 || !/successfully installed/i.test(said)) {
      console.error(`[test:host] could not install ${vsix}: ${said}`);
      console.log('0 passed, 1 failed, 0 pending');
      process.exit(1);
    }
    console.error(`[test:host] ${said.split('\n').pop()}`);
    developmentPath = path.join(tmp, 'stand-in');
    fs.mkdirSync(developmentPath);
    fs.writeFileSync(path.join(developmentPath, 'package.json'), JSON.stringify({ name: 'vsix-test-stand-in', publisher: 'test', version: '0.0.0', engines: { vscode: '*' } }));
  }
  const cs = spawn(process.execPath, [
    entry,
    '--config', configFile,
    '--bind-addr', host,
    '--auth', 'none',
    '--user-data-dir', path.join(tmp, 'user-data'),
    '--extensions-dir', path.join(tmp, 'extensions'),
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
    '--disable-getting-started-override', '--disable-proxy',
    '--ignore-last-opened',
  ], {
    env: {
      ...process.env,
      PROBE_RESULT_FILE: path.join(tmp, 'result.txt'),
      // The suite asks this runner, which holds the browser, to read or click a webview's real DOM.
      PROBE_BRIDGE_DIR: path.join(tmp, 'bridge'),
      HOST_SUITE: vsix ? 'vsix' : 'development',
      // A call waits for its ordinary answer however loaded the machine (the first answer's grace: issue 40, item 7).
      TS_CODE_GRAPH_FIRST_ANSWER_MS: process.env.TS_CODE_GRAPH_FIRST_ANSWER_MS ?? '600000',
      ...real,
      EXTENSIONS_GALLERY: '{}', // no marketplace (code-server's default is open-vsx.org)
      // code-server's sockets, logs and state stay in the run's dir instead of /tmp and ~.
      TMPDIR: path.join(tmp, 't'),
      XDG_DATA_HOME: path.join(tmp, 'xdg-data'),
      XDG_CONFIG_HOME: path.join(tmp, 'xdg-config'),
      XDG_CACHE_HOME: path.join(tmp, 'xdg-cache'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: stopped together with its extension hosts
  });
  const csLog = fs.createWriteStream(path.join(tmp, 'code-server.log'));
  cs.stdout.pipe(csLog);
  cs.stderr.pipe(csLog);
  if (verbose) {
    cs.stdout.pipe(process.stderr);
    cs.stderr.pipe(process.stderr);
  }

  let browser;
  let stopBridge = () => {};
  let exitCode = 1;
  const csExited = new Promise((resolve) => cs.on('exit', resolve));
  const stopAll = async () => {
    stopBridge();
    try {
      if (browser) await browser.close();
    } catch {
      // already gone
    }
    try {
      process.kill(-cs.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    const how = await Promise.race([csExited.then(() => 'exited'), new Promise((r) => setTimeout(() => r('timeout'), 5000))]);
    if (how === 'timeout') {
      try {
        process.kill(-cs.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };

  try {
    await waitForHttp(`http://${host}/healthz`, 60000);
    const { chromium } = require(require.resolve('playwright-core', { paths: [hostDir] }));
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      env: { ...process.env, XDG_CONFIG_HOME: path.join(tmp, 'xdg-config'), XDG_CACHE_HOME: path.join(tmp, 'xdg-cache') },
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        '--disable-dev-shm-usage',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'],
    });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    stopBridge = serveWebviewBridge(page, path.join(tmp, 'bridge'));
    // The web workbench reports log lines (mocha's output included) through window.codeAutomationLog
    // and the end of the test run through window.codeAutomationExit (the hooks @vscode/test-web uses).
    let finish;
    const finished = new Promise((resolve) => { finish = resolve; });
    // Prefixed, so a CI log's own "N passing" lines are not confused with the suite's (the summary line is ours).
    await page.exposeFunction('codeAutomationLog', (_type, args) => {
      const text = util.format(...(Array.isArray(args) ? args : [args]));
      for (const line of text.split('\n')) console.log(`[exthost] ${line}`);
    });
    await page.exposeFunction('codeAutomationExit', (code) => finish(code));
    page.on('console', (m) => { if (verbose) console.error('[browser]', m.type(), m.text()); });
    page.on('pageerror', (e) => console.error('[pageerror]', e.message));
    page.on('request', (r) => {
      const u = r.url();
      // *.vscode-resource.vscode-cdn.net: a webview's own resources (the graph view's script), answered
      // by the webview's service worker from code-server; never resolved (see --host-resolver-rules).
      if (!/^(https?|wss?):\/\/127\.0\.0\.1[:/]/.test(u) && !/^(data|blob):/.test(u) && !/^https:\/\/[^/]+\.vscode-resource\.vscode-cdn\.net\//.test(u)) console.error('[non-loopback request]', u.slice(0, 200));
    });
    // vscode-remote:// puts the extension and the tests on code-server's Node extension host.
    const remote = (p) => `vscode-remote://${host}${p}`;
    const payload = [
      ['extensionDevelopmentPath', remote(developmentPath)],
      ['extensionTestsPath', remote(testsEntry)],
    ];
    const open = folder ? `folder=${encodeURIComponent(ws)}` : `workspace=${encodeURIComponent(path.join(ws, 'fixture.code-workspace'))}`;
    await page.goto(`http://${host}/?${open}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    const timer = new Promise((resolve) => setTimeout(() => resolve('timeout'), timeoutSec * 1000));
    const outcome = await Promise.race([finished, timer]);
    if (outcome === 'timeout') {
      console.error(`Timed out after ${timeoutSec}s waiting for the extension tests to finish`);
      exitCode = 124;
    } else {
      exitCode = Number(outcome);
    }
    console.error(`[test:host] exit=${exitCode} total=${((Date.now() - t0) / 1000).toFixed(1)}s logs=${tmp}`);
  } catch (e) {
    console.error('[test:host] error:', (e && e.stack) || e);
    console.error('[test:host] code-server log:', path.join(tmp, 'code-server.log'));
    exitCode = 1;
  } finally {
    await stopAll();
  }
  const resultFile = path.join(tmp, 'result.txt');
  let result = fs.existsSync(resultFile) ? fs.readFileSync(resultFile, 'utf8').trim() : exitCode !== 0 ? '0 passed, 1 failed, 0 pending' : '';
  // Nothing the run indexed may be cached in the user's folder (test/support/userCacheWrites.ts).
  const written = userCacheWrites(userCache, t0, [repo, tmp]);
  if (written.length > 0) {
    console.error(`[test:host] graph caches written into the user's cache folder ${userCache}:\n  ${written.join('\n  ')}`);
    result = result.replace(/^(\d+) passed, (\d+) failed/, (_, passed, failed) => `${passed} passed, ${Number(failed) + 1} failed`);
    if (exitCode === 0) exitCode = 1;
  }
  if (result) console.log(result);
  if (exitCode === 0 && !process.env.PROBE_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(exitCode);
}

/**
 * The webview bridge: the suite runs in the extension host and cannot reach the browser, so it
 * writes `<n>.req.json` into the bridge dir and this runner answers `<n>.res.json` after acting on
 * the page through playwright: the real DOM of the webview's frame, real mouse clicks.
 *   { op: 'eval', title, expression }  evaluate in the graph view whose h1.title is `title`
 *   { op: 'click', title, selector }   click an element of that view
 *   { op: 'press', title, selector?, key }  focus `selector` in that view (if given), press `key`
 *   { op: 'evalPreview', heading, expression }  evaluate in the Markdown preview whose first heading is `heading`
 *   { op: 'clickPreview', heading, selector }  click an element of that preview
 *   { op: 'screenshot', path }          a screenshot of the whole workbench
 *   { op: 'saveAs', path }              type `path` into the open save dialog and accept it
 * Answers { ok: true, value } or { ok: false, error }.
 */
function serveWebviewBridge(page, dir) {
  fs.mkdirSync(dir, { recursive: true });
  const busy = new Set();
  const findView = async (title) => {
    for (const frame of page.frames()) {
      try {
        const t = await frame.evaluate(() => document.querySelector('h1.title') && document.body.dataset.ready ? document.querySelector('h1.title').textContent : undefined);
        if (t === title) return frame;
      } catch {
        // a frame that went away or is not ours
      }
    }
    throw new Error(`no graph view titled "${title}" is drawn (yet)`);
  };
  // VS Code's Markdown preview: a webview frame whose rendered document starts with `heading`. Each
  // frame gets a few seconds to answer (one still loading must not hold up the rest); when none is
  // the preview, the error says what each frame shows, for the suite's failure message.
  const findPreview = async (heading) => {
    const seen = [];
    for (const frame of page.frames()) {
      let timer;
      try {
        const h = await Promise.race([
          frame.evaluate(() => document.querySelector('h1, h2, h3')?.textContent ?? null),
          new Promise((resolve) => (timer = setTimeout(() => resolve('(no answer in 3 s)'), 3000))),
        ]);
        if (h === heading) return frame;
        // A webview's outer frame (no heading): whose it is, and whether its page (an inner frame) is there.
        const owner = /[?&]extensionId=([^&]+)/.exec(frame.url());
        if (h !== null) seen.push(h);
        else if (owner) seen.push(`(${owner[1]}'s webview, ${frame.childFrames().length === 0 ? 'no page in it' : 'its page has no heading'})`);
      } catch {
        // a frame that went away or is not a preview
      } finally {
        clearTimeout(timer);
      }
    }
    throw new Error(`no Markdown preview headed "${heading}" is shown (yet); the frames show: ${JSON.stringify(seen)}`);
  };
  const handle = async (req) => {
    if (req.op === 'screenshot') return void (await page.screenshot({ path: req.path }));
    // The workbench's window size (the graph view's panel follows it): 700 and 1400 px wide panels.
    if (req.op === 'resize') return void (await page.setViewportSize({ width: req.width, height: req.height }));
    if (req.op === 'saveAs') {
      // The workbench's own save dialog (code-server's simple file dialog, a quick input): type the path, accept.
      // It fills in its proposal (folder + file name) once it has read the folder, which may overwrite what was
      // typed before: wait for the proposal, then type; accept until the dialog closes.
      const input = page.locator('.quick-input-widget .quick-input-box input');
      await input.waitFor({ state: 'visible', timeout: 10000 });
      const proposal = path.extname(req.path);
      const deadline = Date.now() + 10000;
      while (!(await input.inputValue()).endsWith(proposal) && Date.now() < deadline) await page.waitForTimeout(100);
      for (let attempt = 0; attempt < 3; attempt++) {
        await input.fill(req.path);
        await page.waitForTimeout(300);
        await input.press('Enter');
        try {
          await input.waitFor({ state: 'hidden', timeout: 3000 });
          return;
        } catch {
          // still open: type and accept again
        }
      }
      throw new Error(`the save dialog did not accept ${req.path} (it shows "${await input.inputValue()}")`);
    }
    if (req.op === 'evalPreview') return (await findPreview(req.heading)).evaluate(req.expression);
    if (req.op === 'clickPreview') return void (await (await findPreview(req.heading)).click(req.selector, { timeout: 10000 }));
    const frame = await findView(req.title);
    if (req.op === 'eval') return frame.evaluate(req.expression);
    if (req.op === 'click') return void (await frame.click(req.selector, { timeout: 10000 }));
    if (req.op === 'press') {
      // A real key press in the view (the keyboard's focus first put on `selector`, when given).
      if (req.selector) await frame.focus(req.selector, { timeout: 10000 });
      return void (await page.keyboard.press(req.key));
    }
    throw new Error(`unknown bridge op ${req.op}`);
  };
  const timer = setInterval(() => {
    let names = [];
    try {
      names = fs.readdirSync(dir).filter((n) => n.endsWith('.req.json') && !busy.has(n));
    } catch {
      return;
    }
    for (const name of names) {
      busy.add(name);
      const file = path.join(dir, name);
      let req;
      try {
        req = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {
        busy.delete(name); // still being written
        continue;
      }
      fs.rmSync(file, { force: true });
      handle(req).then(
        (value) => ({ ok: true, value }),
        (e) => ({ ok: false, error: (e && e.message) || String(e) }),
      ).then((res) => {
        const out = path.join(dir, name.replace('.req.json', '.res.json'));
        fs.writeFileSync(`${out}.tmp`, JSON.stringify(res));
        fs.renameSync(`${out}.tmp`, out);
        busy.delete(name);
      });
    }
  }, 100);
  return () => clearInterval(timer);
}

main();
