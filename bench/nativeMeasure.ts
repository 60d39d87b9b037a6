import { execFileSync, spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { discoverProjects } from '../src/core/indexer/program/discoverProjects';

/**
 * The measurements issue 40 adds beside the in-process ones (run in the bench's own process, each
 * command a process of its own):
 *   - native `tsc --noEmit` (TypeScript 7's own binary, the one the index drives), per project, as a
 *     second reference next to the JavaScript compiler's;
 *   - the built CLI after a one-file edit with a warm cache, next to its cold index, per compiler.
 */

/** The pinned native compiler's binary for this machine (the one `@typescript/native` runs). */
export function nativeTscPath(): string {
  const pkg = path.dirname(require.resolve(`@typescript/typescript-${process.platform}-${process.arch}/package.json`));
  return path.join(pkg, 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
}

/** `nativeReference` in a process of its own (as every measurement of the bench): its JSON. */
export function nativeReferenceRun(root: string, tsconfig: string | undefined, singleThreaded: boolean): Awaited<ReturnType<typeof nativeReference>> {
  const out = execFileSync(process.execPath, [__filename, 'tsc7', root, tsconfig ?? '-', singleThreaded ? 'single' : 'threads'], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!);
}

/**
 * Native `tsc --noEmit` over every project the index discovers (one after another, as `tsc -b` would):
 * wall time, and the largest peak resident memory of one run. tsc 7 refuses the options it removed
 * (`moduleResolution: node`/`node10`/`classic`, `baseUrl`): such a config is checked through a sibling
 * config extending it with those options changed to what 7 reads them as (`adapted` counts them).
 */
export async function nativeReference(root: string, tsconfig: string | undefined, singleThreaded: boolean) {
  const exe = nativeTscPath();
  let millis = 0;
  let peakRssMb = 0;
  let adapted = 0;
  let diagnostics = 0;
  for (const p of discoverProjects(ts, root, tsconfig)) {
    if (!p.configPath) continue;
    const R = ts.ModuleResolutionKind;
    const removed = p.options.moduleResolution === R.Node10 || p.options.moduleResolution === R.Classic || p.options.baseUrl !== undefined;
    let config = p.configPath;
    if (removed) {
      adapted++;
      config = path.join(path.dirname(p.configPath), `tsconfig.bench-native-${path.basename(p.configPath)}`);
      const overrides: Record<string, unknown> = {};
      if (p.options.moduleResolution === R.Node10 || p.options.moduleResolution === R.Classic) overrides.moduleResolution = 'bundler';
      if (p.options.baseUrl !== undefined) overrides.baseUrl = null;
      fs.writeFileSync(config, JSON.stringify({ extends: `./${path.basename(p.configPath)}`, compilerOptions: overrides }));
    }
    try {
      const run = await timedProcess(exe, ['-p', config, '--noEmit', '--pretty', 'false', ...(singleThreaded ? ['--singleThreaded'] : [])]);
      millis += run.millis;
      peakRssMb = Math.max(peakRssMb, run.peakRssMb);
      diagnostics += (run.stdout.match(/error TS\d+/g) ?? []).length;
    } finally {
      if (config !== p.configPath) fs.rmSync(config, { force: true });
    }
  }
  return { millis, peakRssMb, adapted, diagnostics };
}

/** Runs a process to its end: wall time, its stdout, and its peak resident memory (polled from /proc where there is one). */
function timedProcess(exe: string, args: string[]): Promise<{ millis: number; peakRssMb: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(exe, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    let peakKb = 0;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peakKb = Math.max(peakKb, Number(m[1]));
      } catch {
        // Gone, or no /proc.
      }
    }, 20);
    child.once('error', reject);
    child.once('close', () => {
      clearInterval(poll);
      resolve({ millis: performance.now() - started, peakRssMb: peakKb / 1024, stdout });
    });
  });
}

/**
 * The built CLI (dist/cli.js, what ships) with `compiler`, its graph cache in a folder of its own:
 * a cold `stats` (no cache: a full index, which writes it), the same with the cache warm and nothing
 * changed, then one file edited (a body edit of `file`) and `dependentsOf` on it: the run after an
 * edit, loading the cache and re-indexing what the edit reaches. Each a process of its own. With
 * `daemon`, as a user's commands run by default: the cold `stats` starts the workspace's daemon
 * (and waits for its index), the later commands ask it; stopped at the end (`stop`). Without, every
 * command indexes or loads the cache in its own process (TS_CODE_GRAPH_DAEMON=0, as in CI).
 */
export function cliAfterEdit(cli: string, root: string, tsconfig: string | undefined, file: string, compiler: string, daemon = false) {
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-bench-cli-'));
  const env = { ...process.env, XDG_CACHE_HOME: cache, TS_CODE_GRAPH_COMPILER: compiler, TS_CODE_GRAPH_NO_CACHE: undefined, TS_CODE_GRAPH_DAEMON: daemon ? '1' : '0' };
  const run = (...args: string[]) => {
    const started = performance.now();
    const r = spawnSync(process.execPath, [cli, '--root', root, ...(tsconfig ? ['--tsconfig', path.join(root, tsconfig)] : []), ...args], { env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (r.status !== 0 && r.status !== 3) throw new Error(`${cli} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    return { millis: performance.now() - started, stdout: r.stdout, stderr: r.stderr };
  };
  const abs = path.join(root, file);
  const original = fs.readFileSync(abs, 'utf8');
  try {
    const cold = run('stats', '--format', 'json');
    const warm = run('stats', '--format', 'json');
    fs.writeFileSync(abs, `${original.replace(/\}\s*$/, '  // bench edit\n}\n')}\n// bench edit\n`);
    const symbol = /export (?:async )?(?:function|class|const|interface|type) ([A-Za-z_$][\w$]*)/.exec(original)?.[1] ?? '<module>';
    const edited = run('dependentsOf', file, symbol);
    const stats = JSON.parse(cold.stdout) as { files: number; compiler: string };
    return { files: stats.files, compiler: stats.compiler, coldMillis: cold.millis, warmMillis: warm.millis, editMillis: edited.millis, symbol };
  } finally {
    fs.writeFileSync(abs, original);
    if (daemon) run('stop');
    fs.rmSync(cache, { recursive: true, force: true });
  }
}

if (require.main === module && process.argv[2] === 'tsc7') {
  const [root, tsconfig, threads] = process.argv.slice(3);
  nativeReference(root, tsconfig === '-' ? undefined : tsconfig, threads === 'single').then(
    (r) => process.stdout.write(`${JSON.stringify(r)}\n`),
    (e: Error) => {
      process.stderr.write(`${e.stack ?? e}\n`);
      process.exit(1);
    },
  );
}
