import * as fs from 'fs';
import * as path from 'path';
import type * as TS from 'typescript';
import { ProjectConfig, normalize } from './discoverProjects';
import { WorkspacePackages, isPackageSpecifier, resolveWithWorkspace } from './workspacePackages';
import { isWorkspaceSource, matchesPathsKey } from './sourcePaths';
import { MemoizedHost, memoizedHost } from './memoizedHost';
import { packageName } from '../../packageSpecifiers';
import { inIgnoredDir } from '../workspaceFiles';
import { isFixtureFile } from '../../graph/testFiles';

/**
 * Where TypeScript 7 is known to give these projects a worse graph than 6 (docs/INDEXING.md lists
 * each difference; test/compiler/sameGraph.test.ts checks them), found before any program is built:
 *
 * - JavaScript built on ES5 constructor functions (`Queue.prototype.size = function…`,
 *   `Stack.prototype = {…}`): 7 reads no such function as a class, so calls through its instances
 *   have no target. Found by the assignment's text in the projects' own JavaScript files.
 * - An import that 6 resolves and 7 does not: one only `baseUrl` resolves (7 removed it; `paths` stay,
 *   read from the config's folder), one that `moduleResolution: node10` or `classic` resolves (7
 *   removed them and resolves as `bundler`: by `exports`), or a monorepo package imported by name
 *   that only our overlay resolves and cannot map to a source (listed but not installed, built: see
 *   workspacePackages). Its sources that our overlay reaches are no loss: 7 reads each such import as
 *   a `paths` entry of its config (sourcePaths). Or one 7 resolves to another file than 6 (a 5.x workspace's node10 reads a package's
 *   `types`, 7 its `exports`; a built package's declarations instead of its sources): 7's graph would
 *   not be the one the workspace's own compiler sees. Found by resolving each project's distinct
 *   imports both ways, where such an option is set or a workspace package is imported. An import
 *   only 7 resolves is no loss (the workspace's own compiler reports it as an error).
 *
 * What it costs: reading the projects' own files once (only the JavaScript ones unless resolution can
 * differ), and two resolutions per distinct import of a project where it can differ.
 */
export interface NativeGraphRisk {
  /** The projects' own files (inside the root, outside node_modules and build output). */
  ownFiles: number;
  /** The files whose graph 7 makes worse (root-relative): the example's first, then the others, each group sorted. */
  affected: string[];
  /** One sentence: the cause that affects the most files, with its first file. */
  example: string;
}

export function nativeGraphRisk(ts: typeof TS, root: string, configs: readonly ProjectConfig[], workspace: WorkspacePackages | undefined): NativeGraphRisk | undefined {
  const texts = new Map<string, string | undefined>();
  const read = (file: string): string | undefined => {
    if (!texts.has(file)) {
      try {
        texts.set(file, fs.readFileSync(file, 'utf8'));
      } catch {
        texts.set(file, undefined);
      }
    }
    return texts.get(file);
  };
  // As the index counts files: inside the root, out of ignored folders, no JSON (answers never name one).
  const own = (file: string) => file.startsWith(`${root}/`) && !file.endsWith('.json') && !inIgnoredDir(file.slice(root.length + 1));
  const ownFiles = new Set(configs.flatMap((c) => c.fileNames.filter(own)));
  // Each cause (a sentence) and the files it affects: the warning's example is the largest, and the
  // files it names are that cause's (vercel/ai: a node10 file of a Nuxt example was the example,
  // beside files that lose a package for want of project references).
  // A fixture (a codemod's input) is data whose imports nothing runs: no file of the graph's to lose.
  const causes = new Map<string, Set<string>>();
  const add = (sentence: (first: string) => string, files: readonly string[]) => {
    const kept = files.map((f) => relative(root, f)).filter((f) => !isFixtureFile(f));
    if (kept.length === 0) return;
    const key = sentence(kept[0]);
    const set = causes.get(key) ?? new Set<string>();
    for (const f of kept) set.add(f);
    causes.set(key, set);
  };
  const prototypes = constructorFunctionFiles(ownFiles, read);
  if (prototypes.length > 0) add((first) => `${first} defines methods on a constructor function's prototype, which TypeScript 7 reads as no class (calls through its instances have no target)`, prototypes);
  const redirects = new ReferenceRedirects(ts, configs);
  // The disk does not change during the check: each lookup is made once for every project (106
  // projects of vercel/ai ask for the same package.json files and folders, each from its own cache).
  const disk = memoizedHost(ts.sys);
  for (const config of configs) {
    for (const lost of lostImports(ts, config, workspace, own, read, redirects, disk)) {
      const cause = lost.through === OVERLAY ? 'the sources of a monorepo package, which TypeScript 7 reaches unbuilt only through a project reference' : `${lost.through}, which TypeScript 7 removed`;
      add((first) => {
        const where = `'${lost.specifier}' in ${first}`;
        return lost.seven ? `${where} resolves to ${relative(root, lost.six)} through ${cause}, to ${relative(root, lost.seven)} under TypeScript 7` : `${where} resolves only through ${cause} (its calls have no target)`;
      }, lost.files);
    }
  }
  if (causes.size === 0) return undefined;
  const ranked = [...causes].sort((a, b) => b[1].size - a[1].size);
  const [example, first] = ranked[0];
  const rest = new Set(ranked.flatMap(([, files]) => [...files]).filter((f) => !first.has(f)));
  return { ownFiles: ownFiles.size, affected: [...[...first].sort(), ...[...rest].sort()], example };
}

const OVERLAY = 'the monorepo package overlay';

/** `X.prototype.m =` or `X.prototype =` (not `==`) in a JavaScript file. */
const PROTOTYPE_ASSIGNMENT = /(?:^|[^\w$.])[A-Za-z_$][\w$]*\.prototype(?:\.[A-Za-z_$][\w$]*)?\s*=(?!=)/m;
const JS_FILE = /\.(?:js|jsx|mjs|cjs)$/;

function constructorFunctionFiles(files: Iterable<string>, read: (f: string) => string | undefined): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (!JS_FILE.test(file)) continue;
    const text = read(file);
    if (text !== undefined && PROTOTYPE_ASSIGNMENT.test(text)) found.push(file);
  }
  return found.sort();
}

/** An import's specifier in a file's text: `from '…'`, `import '…'`, `import('…')`, `require('…')`, `export … from '…'`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(['"])([^'"\n\r]+)\1/g;

interface LostImport {
  specifier: string;
  /** The project's files importing it. */
  files: string[];
  through: string;
  /** Where 6 resolves it, as the workspace's compiler reads the config. */
  six: string;
  /** Where 7 resolves it instead (undefined: nowhere). */
  seven?: string;
}

/**
 * The imports of `config`'s own files that 6 resolves and 7 would not, or would resolve to another
 * file (a 5.x workspace's node10 reads a package's `types`, 7 its `exports`: its graph would not be the
 * one the workspace's own compiler sees), where such an import can exist.
 */
function lostImports(
  ts: typeof TS,
  config: ProjectConfig,
  workspace: WorkspacePackages | undefined,
  own: (f: string) => boolean,
  read: (f: string) => string | undefined,
  redirects: ReferenceRedirects,
  disk: MemoizedHost,
): LostImport[] {
  const options = config.options;
  const R = ts.ModuleResolutionKind;
  const removedResolution = options.moduleResolution === R.Node10 || options.moduleResolution === R.Classic;
  const packages = workspace?.isMonorepo ? workspace : undefined;
  if (options.baseUrl === undefined && !removedResolution && !packages) return [];
  const through = options.baseUrl !== undefined ? 'baseUrl' : removedResolution ? `moduleResolution ${R[options.moduleResolution!].toLowerCase()}` : OVERLAY;
  const canDiffer = (specifier: string) => options.baseUrl !== undefined || removedResolution || packages?.named(packageName(specifier)) !== undefined;
  // Which files import each specifier that can resolve differently (resolved once per project, from
  // the first of them: a bare specifier means the same anywhere in a project).
  const importers = new Map<string, string[]>();
  for (const file of config.fileNames) {
    if (!own(file) || /\.d\.[mc]?ts$/.test(file)) continue;
    const text = read(file);
    if (text === undefined) continue;
    for (const m of text.matchAll(SPECIFIER)) {
      const specifier = m[2];
      if (!isPackageSpecifier(specifier) || !canDiffer(specifier)) continue;
      const files = importers.get(specifier);
      if (!files) importers.set(specifier, [file]);
      else if (files[files.length - 1] !== file) files.push(file);
    }
  }
  if (importers.size === 0) return [];
  // 7's reading: no baseUrl (paths from the config's folder, as 6 reads them without one), and for a
  // removed moduleResolution the default of the config's module (bundler for commonjs and esnext).
  const seven: TS.CompilerOptions = { ...options, baseUrl: undefined };
  if (removedResolution) seven.moduleResolution = undefined;
  const cwd = path.dirname(config.configPath ?? config.fileNames[0] ?? '/');
  const cache6 = ts.createModuleResolutionCache(cwd, (f) => f, options);
  const cache7 = ts.createModuleResolutionCache(cwd, (f) => f, seven);
  // 7, like the editor, reads a referenced project's sources where an import lands on its outputs
  // (built or not): vercel/ai's packages import each other by name, unbuilt, through references.
  const sources = redirects.of(config);
  // An output is reached through the package's node_modules link, and need not exist: its real path,
  // by the nearest folder that does (asked only through a node_modules path: resolution asks often).
  const source = (f: string) => sources.get(normalize(f)) ?? (f.includes('/node_modules/') ? sources.get(disk.realPathOf(f)) : undefined);
  const host7: TS.ModuleResolutionHost = sources.size ? { ...disk, fileExists: (f) => source(f) !== undefined || disk.fileExists(f) } : disk;
  const lost: LostImport[] = [];
  const ownPaths = Object.keys(options.paths ?? {});
  const scanned = new Map<string, Set<string>>();
  const importsOf = (file: string) => scanned.get(file) ?? scanned.set(file, importsIn(ts, read(file))).get(file)!;
  for (const [specifier, files] of importers) {
    const six = resolveWithWorkspace(ts, packages, specifier, files[0], options, disk, cache6).resolvedModule?.resolvedFileName;
    if (!six) continue;
    // A workspace package's source that our resolution reaches, 7 reaches too: it reads it as a `paths`
    // entry of the config (sourcePaths), unless the config's own paths match the import (then 6's answer is theirs).
    if (packages?.named(packageName(specifier)) && !ownPaths.some((p) => matchesPathsKey(p, specifier)) && isWorkspaceSource(packages, normalize(six))) continue;
    const resolved7 = ts.resolveModuleName(specifier, files[0], seven, host7, cache7).resolvedModule?.resolvedFileName;
    const sevens = resolved7 && (source(resolved7) ?? resolved7);
    if (sevens && normalize(sevens) === normalize(six)) continue;
    // The text search also matches an import written in a string or a comment (an ESLint rule's test
    // cases: `code: \`import { useQuery } from '@tanstack/react-query'\``); the scanner confirms the few
    // files that would lose one (it costs ~0.1 ms a file: too much to run on every file).
    const importing = files.filter((f) => importsOf(f).has(specifier));
    if (importing.length === 0) continue;
    const byName = packages?.named(packageName(specifier)) !== undefined && options.baseUrl === undefined && !removedResolution;
    lost.push({ specifier, files: importing, through: byName ? OVERLAY : through, six: normalize(six), ...(sevens ? { seven: normalize(sevens) } : {}) });
  }
  return lost;
}

/**
 * Per config, the declaration outputs of the projects it references (transitively, as a program
 * loads them) mapped to their sources: where TypeScript 7's program reads the sources instead
 * (`useSourceOfProjectReferenceRedirect`, as in the editor), whether the outputs exist or not.
 */
class ReferenceRedirects {
  private readonly byConfig = new Map<string, ProjectConfig>();
  private readonly outputs = new Map<string, Map<string, string>>();
  private readonly closures = new Map<string, Map<string, string>>();

  constructor(
    private readonly ts: typeof TS,
    configs: readonly ProjectConfig[],
  ) {
    for (const c of configs) if (c.configPath) this.byConfig.set(normalize(c.configPath), c);
  }

  of(config: ProjectConfig): Map<string, string> {
    const key = config.configPath && normalize(config.configPath);
    if (!key || !config.projectReferences?.length) return new Map();
    let found = this.closures.get(key);
    if (found) return found;
    found = new Map();
    const seen = new Set([key]);
    const queue = [...config.projectReferences];
    while (queue.length) {
      const referenced = normalize(this.ts.resolveProjectReferencePath(queue.shift()!));
      if (seen.has(referenced)) continue;
      seen.add(referenced);
      const project = this.byConfig.get(referenced);
      if (!project) continue;
      for (const [output, source] of this.outputsOf(referenced, project)) found.set(output, source);
      queue.push(...(project.projectReferences ?? []));
    }
    this.closures.set(key, found);
    return found;
  }

  private outputsOf(key: string, project: ProjectConfig): Map<string, string> {
    let map = this.outputs.get(key);
    if (map) return map;
    map = new Map();
    const commandLine: TS.ParsedCommandLine = { options: project.options, fileNames: project.fileNames, errors: [] };
    for (const file of project.fileNames) {
      if (/\.d\.[mc]?ts$|\.json$/.test(file)) continue;
      try {
        for (const out of this.ts.getOutputFileNames(commandLine, file, false)) if (/\.d\.[mc]?ts$/.test(out)) map.set(normalize(out), file);
      } catch {
        // A project whose outputs TypeScript cannot name (no outDir, emit off): no redirect.
      }
    }
    this.outputs.set(key, map);
    return map;
  }
}

/** The specifiers a text imports, as TypeScript's scanner reads them (strings and comments are no imports). */
function importsIn(ts: typeof TS, text: string | undefined): Set<string> {
  return new Set(text === undefined ? [] : ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName));
}

function relative(root: string, file: string): string {
  return path.posix.relative(root, file);
}
