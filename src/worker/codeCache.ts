import { isAscii } from 'buffer';
import { createHash } from 'crypto';
import * as fs from 'fs';
import Module = require('module');
import * as path from 'path';
import * as vm from 'vm';

/** A module loaded by `requireWithCodeCache`: its exports, and how to keep V8's code for the next run. */
export interface CachedModule {
  exports: unknown;
  /** How the module was compiled: from a code cache V8 accepted, or from its source. */
  compiled: 'from cache' | 'from source';
  /**
   * Writes V8's compiled code of the module as it is now (the functions the run compiled included),
   * for the next run: only when this run compiled it from source, and once. Never throws.
   */
  saveCodeCache(): void;
}

/**
 * Loads a CommonJS file as `require` would, but compiled from V8's code cache in `cacheDir` when one
 * for exactly this text, Node and architecture is there (Node 20 has no module compile cache of its
 * own). The CLI's core bundle is 11 MB (the core and TypeScript 6): compiling it is a fixed cost of
 * every command, about as long as answering a query from the graph cache; from the code cache it
 * is a fraction of that. The cache is keyed by a hash of the text, so a rebuilt or upgraded bundle
 * never meets another's code (V8 itself checks only the text's length). Without `cacheDir`, or when
 * anything about the cache fails, the module is compiled from source, as `require` does.
 */
export function requireWithCodeCache(file: string, cacheDir: string | undefined): CachedModule {
  const before = stampOf(file);
  const bytes = fs.readFileSync(file);
  // The stamp of the text read: none when the file changed while it was read.
  const stamp = before !== undefined && stampOf(file) === before ? before : undefined;
  // A bundle without comments is ASCII: read as one byte a character at once, without UTF-8 decoding.
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const cacheFile = cacheDir && cacheFileOf(file, bytes, stamp, cacheDir);
  let cachedData: Buffer | undefined;
  try {
    if (cacheFile) cachedData = fs.readFileSync(cacheFile);
  } catch {
    // None yet: compiled from source, and saved at the end of the run.
  }
  const dynamicImport = (vm.constants as unknown as { USE_MAIN_CONTEXT_DEFAULT_LOADER?: symbol } | undefined)?.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  const script = new vm.Script(Module.wrap(source), {
    filename: file,
    cachedData,
    ...(dynamicImport ? { importModuleDynamically: dynamicImport as never } : {}),
  });
  const fromCache = cachedData !== undefined && !script.cachedDataRejected;
  let saved = false;
  const mod = new Module(file, undefined);
  mod.filename = file;
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(file));
  const wrapper = script.runInThisContext() as (exports: unknown, require: NodeRequire, module: Module, filename: string, dirname: string) => void;
  wrapper.call(mod.exports, mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
  mod.loaded = true;
  return {
    exports: mod.exports,
    compiled: fromCache ? 'from cache' : 'from source',
    saveCodeCache: () => {
      if (!cacheFile || fromCache || saved) return;
      saved = true;
      try {
        fs.mkdirSync(cacheDir, { recursive: true });
        // Another build's code is never read again: one file per bundle name.
        const prefix = `${path.basename(file)}-`;
        for (const old of fs.readdirSync(cacheDir)) if (old.startsWith(prefix) && path.join(cacheDir, old) !== cacheFile) fs.rmSync(path.join(cacheDir, old), { force: true });
        const tmp = `${cacheFile}.${process.pid}.${Date.now()}.tmp`;
        fs.writeFileSync(tmp, script.createCachedData());
        fs.renameSync(tmp, cacheFile);
      } catch {
        // A cache folder we cannot write: the next run compiles from source again.
      }
    },
  };
}

/**
 * The code cache file for `file`: `<name>-<key>-<stamp>.v8`, the key a hash of the text (codeKey) and
 * the stamp the file's identity on disk when that hash was taken (inode, size, modification and
 * change times; any write changes the change time, which no tool sets back). A cache whose stamp is
 * the file's now is the one for its text without hashing it again (8-13 ms of every command for the
 * CLI's 4 MB core); else the text is hashed, and a cache of that key under another stamp (the same
 * text copied or installed anew) is taken as well.
 */
function cacheFileOf(file: string, bytes: Buffer, stamp: string | undefined, cacheDir: string): string {
  const name = path.basename(file);
  let entries: string[] = [];
  try {
    entries = fs.readdirSync(cacheDir).filter((e) => e.startsWith(`${name}-`) && e.endsWith('.v8'));
  } catch {
    // No cache folder yet.
  }
  const stamped = stamp && entries.find((e) => e.endsWith(`-${stamp}.v8`));
  if (stamped) return path.join(cacheDir, stamped);
  const key = codeKey(bytes);
  const wanted = path.join(cacheDir, `${name}-${key}-${stamp ?? 'unstamped'}.v8`);
  const same = entries.find((e) => e.startsWith(`${name}-${key}-`));
  if (!same || !stamp) return same ? path.join(cacheDir, same) : wanted;
  // The same text under another stamp (installed or copied anew): stamped with this file's, so that
  // the next command finds it without hashing again.
  try {
    fs.renameSync(path.join(cacheDir, same), wanted);
    return wanted;
  } catch {
    return path.join(cacheDir, same);
  }
}

/** A file's identity on disk (cacheFileOf), or undefined when it cannot be read. */
function stampOf(file: string): string | undefined {
  try {
    const st = fs.statSync(file);
    return createHash('sha1').update(`${st.ino} ${st.size} ${st.mtimeMs} ${st.ctimeMs}`).digest('hex').slice(0, 12);
  } catch {
    return undefined;
  }
}

/** What a code cache is valid for: this text, this Node (V8) and this architecture. */
function codeKey(bytes: Buffer): string {
  return createHash('sha1').update(`${process.version} ${process.arch}\0`).update(bytes).digest('hex').slice(0, 20);
}
