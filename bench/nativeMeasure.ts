import { execFileSync, spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import type { CacheSnapshot } from '../src/core/indexer/cache/IndexCache';
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

/** The built CLI with `compiler` and a graph cache folder of its own: each command a process of its own, timed. */
function cliRunner(cli: string, root: string, tsconfig: string | undefined, compiler: string, daemon: boolean) {
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-bench-cli-'));
  const env = { ...process.env, XDG_CACHE_HOME: cache, TS_CODE_GRAPH_COMPILER: compiler, TS_CODE_GRAPH_NO_CACHE: undefined, TS_CODE_GRAPH_DAEMON: daemon ? '1' : '0' };
  const run = (...args: string[]) => {
    const started = performance.now();
    const r = spawnSync(process.execPath, [cli, '--root', root, ...(tsconfig ? ['--tsconfig', path.join(root, tsconfig)] : []), ...args], { env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (r.status !== 0 && r.status !== 3) throw new Error(`${cli} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    return { millis: performance.now() - started, stdout: r.stdout, stderr: r.stderr };
  };
  /** The graph cache the cold run wrote (XDG_CACHE_HOME/ts-code-graph/<workspace>/graph-*.json), parsed. */
  const snapshot = (): CacheSnapshot => {
    const dir = path.join(cache, 'ts-code-graph');
    for (const sub of fs.readdirSync(dir)) {
      for (const f of fs.readdirSync(path.join(dir, sub))) if (/^graph-.*\.json$/.test(f)) return JSON.parse(fs.readFileSync(path.join(dir, sub, f), 'utf8')) as CacheSnapshot;
    }
    throw new Error(`no graph cache under ${dir}`);
  };
  const done = () => {
    if (daemon) run('stop');
    fs.rmSync(cache, { recursive: true, force: true });
  };
  return { run, snapshot, done };
}

/** How many files a CLI start from the cache re-indexed, as its --verbose log says. */
function reindexedOf(stderr: string): number {
  const m = /cache: \d+ files loaded, (\d+) re-indexed/.exec(stderr);
  return m ? Number(m[1]) : /loaded \d+ files from the cache; no TypeScript program needed/.test(stderr) ? 0 : -1;
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
  const { run, done } = cliRunner(cli, root, tsconfig, compiler, daemon);
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
    done();
  }
}

/**
 * The edit an agent makes to the file most others import, without a daemon (CI; issue 40's "measure
 * the edits agents make"): after a cold `stats` (which writes the cache), the declaration of the
 * hub's symbol that other files use most (a function, a class, a method: by the cache's edges into
 * it) is renamed where it is declared, its callers left as they are, and `dependentsOf` asks about the
 * new name. Its time against the cold index, and how many files the start re-indexed. The hub is the
 * file most others depend on (the cache's `dependsOnFiles`).
 */
export function cliAfterHubRename(cli: string, root: string, tsconfig: string | undefined, compiler: string) {
  const { run, snapshot, done } = cliRunner(cli, root, tsconfig, compiler, false);
  let restore: (() => void) | undefined;
  try {
    const cold = run('stats', '--format', 'json');
    const contributions = Object.values(snapshot().files).map(([, c]) => c);
    const dependents = new Map<string, number>();
    for (const c of contributions) for (const f of c.dependsOnFiles ?? []) if (f !== c.file) dependents.set(f, (dependents.get(f) ?? 0) + 1);
    const hub = [...dependents].filter(([f]) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts')).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
    // Node id → the other files with edges into it.
    const users = new Map<string, Set<string>>();
    for (const c of contributions) if (c.file !== hub) for (const e of c.edges) if (e.to.startsWith(`${hub}#`)) users.set(e.to, (users.get(e.to) ?? new Set()).add(c.file));
    const used = (kinds: string[]) =>
      contributions
        .find((c) => c.file === hub)!
        .nodes.filter((n) => users.has(n.id) && kinds.includes(n.kind))
        .sort((a, b) => users.get(b.id)!.size - users.get(a.id)!.size || a.id.localeCompare(b.id))[0];
    // A member first (a method renamed: what the importers that do not call it need not see), else a top-level declaration.
    const target = used(['method', 'method-signature', 'property', 'getter']) ?? used(['function', 'class', 'interface', 'type', 'variable']);
    const abs = path.join(root, hub);
    const original = fs.readFileSync(abs, 'utf8');
    restore = () => fs.writeFileSync(abs, original);
    const short = target.name.split('.').pop()!;
    const lines = original.split('\n');
    const word = new RegExp(`\\b${short.replace(/[$]/g, '\\$')}\\b`);
    // The declaration's name: the first line of its span, past its comment, that names it.
    const at = lines.findIndex((l, i) => i >= target.offset - 1 && i < target.offset - 1 + target.limit && !/^\s*(\*|\/\/|\/\*)/.test(l) && word.test(l));
    if (at < 0) throw new Error(`bench: ${target.name} not found in ${hub} from line ${target.offset}`);
    lines[at] = lines[at].replace(word, `${short}Renamed`);
    fs.writeFileSync(abs, lines.join('\n'));
    const renamed = target.name.replace(/[^.]+$/, `${short}Renamed`);
    const edited = run('--verbose', 'dependentsOf', hub, renamed);
    const stats = JSON.parse(cold.stdout) as { files: number };
    return { files: stats.files, hub, hubDependents: dependents.get(hub)!, symbol: target.name, naming: users.get(target.id)!.size, coldMillis: cold.millis, editMillis: edited.millis, reindexed: reindexedOf(edited.stderr) };
  } finally {
    restore?.();
    done();
  }
}

/**
 * A CI runner restoring the graph cache of an earlier run after its own fresh install (`npm ci`
 * writes every typing anew: the same text, new stamps), without a daemon: after a cold `stats`,
 * every library file the cache records is written again with its own text, then `dependentsOf` on
 * the leaf (nothing of the workspace changed) twice: the first start after the install (which
 * hashes those files and writes the cache again under their new stamps) and the one after it.
 */
export function cliAfterReinstall(cli: string, root: string, tsconfig: string | undefined, leaf: string, compiler: string) {
  const { run, snapshot, done } = cliRunner(cli, root, tsconfig, compiler, false);
  try {
    const cold = run('stats', '--format', 'json');
    let rewritten = 0;
    for (const rel of Object.keys(snapshot().libraries)) {
      const abs = path.resolve(root, rel);
      if (!fs.existsSync(abs)) continue;
      const bytes = fs.readFileSync(abs);
      fs.rmSync(abs);
      fs.writeFileSync(abs, bytes);
      rewritten++;
    }
    const symbol = /export (?:async )?(?:function|class|const|interface|type) ([A-Za-z_$][\w$]*)/.exec(fs.readFileSync(path.join(root, leaf), 'utf8'))?.[1] ?? '<module>';
    const first = run('--verbose', 'dependentsOf', leaf, symbol);
    const next = run('dependentsOf', leaf, symbol);
    const stats = JSON.parse(cold.stdout) as { files: number };
    return { files: stats.files, rewritten, coldMillis: cold.millis, firstMillis: first.millis, nextMillis: next.millis, reindexed: reindexedOf(first.stderr) };
  } finally {
    done();
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
