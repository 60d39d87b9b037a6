import type * as TS from 'typescript';
import type { CancellationToken } from '../Logger';

/** One TypeScript project: a parsed config (or an inferred one when the workspace has none). */
export interface ProjectConfig {
  /** Absolute config path; undefined for the inferred project. */
  configPath?: string;
  options: TS.CompilerOptions;
  fileNames: string[];
  projectReferences?: readonly TS.ProjectReference[];
  problems: string[];
  /** Options the config left unset that the workspace's TypeScript major's defaults filled (the indexer's compilerDefaults). */
  defaulted?: { major: number; options: string[] };
  /**
   * Imports of a monorepo's packages by name that the indexer's resolution answers with a package's
   * source (its outputs, built or not, stand for it: workspacePackages): specifier → the absolute
   * source. The native compiler, which takes no resolution of ours, reads them as exact `paths`.
   */
  sourcePaths?: Record<string, string>;
}

/**
 * The one interface through which the indexer's passes talk to a TypeScript compiler. Two rooms
 * implement it: `inprocess/` (the TypeScript 6 we load as a library) and `native/` (TypeScript 7,
 * a native process driven over a pipe through its API). The port speaks TypeScript 6's types: the
 * native room adapts 7's trees, symbols and types to them, so the passes (declare, extract, type
 * edges, JavaScript forms, shapes) run unchanged over either.
 */
export interface CompilerPort {
  readonly kind: CompilerKind;
  /**
   * The syntax vocabulary of this compiler's trees, shaped like the `typescript` module: SyntaxKind
   * (whose numbers differ between 6 and 7), NodeFlags, ModifierFlags, SymbolFlags, the `is…` guards,
   * forEachChild. Every pass takes it as its `ts`.
   */
  readonly syntax: typeof TS;
  /** Version of the compiler that builds the programs (`6.0.3`, `7.0.2`). */
  readonly version: string;
  /** For logs and `stats`: which compiler this is (`the bundled TypeScript 6.0.3`, `TypeScript 7.0.2 (native …)`). */
  readonly name: string;
  /**
   * Builds (or rebuilds, reusing what is unchanged) the programs of `projects`. A project opened
   * here stays open, and its program current with the files reported to `filesChanged`, until
   * `close` releases it. A program of the previous build stays readable until the next build (an
   * update compares a file's old and new shapes across them). `release`: projects to close in the
   * same step (the native compiler's programs of one build are read together, so closing one alone
   * would end the others' snapshot).
   */
  build(requests: ProgramRequest[], release?: readonly ProjectConfig[]): CompilerProgram[];
  /** Releases a project's program and everything the compiler holds for it (memory on both sides). */
  close(config: ProjectConfig): void;
  /**
   * A program of `config`'s project whose root files are `roots` alone (what they import comes in
   * through module resolution as usual), built with the project's own options, read as the project's
   * config reads them; undefined when this compiler cannot build one now (the project is open). It is
   * never the project's program: `endScoped` drops it, and the next `build` starts afresh.
   */
  buildScoped?(config: ProjectConfig, roots: readonly string[]): CompilerProgram | undefined;
  /** The scoped program is no longer read: the next build opens the project's whole program. */
  endScoped?(): void;
  /** Files saved, created or deleted since the last build (absolute paths): the next build reads them again. */
  filesChanged(changed: readonly string[], deleted: readonly string[]): void;
  /** Every file changed on disk since it was read, reported or not (libraries rewritten by `npm install`): forget them. */
  dropChangedOnDisk(): string[];
  /** Why the parser could not handle `fileName`, and its real text (the program holds it empty). */
  parseFailure(fileName: string): { reason: string; text: string } | undefined;
  /**
   * The `fileStamp` `fileName` had when this compiler read the text its programs hold (undefined when
   * none is held): the persisted cache records library files by it, so the next start sees a package's
   * typings replaced since (IndexCache.libraryStamps).
   */
  stampOf(fileName: string): string | undefined;
  /** The native compiler's process id while one runs (logs; tests stop it to check recovery). */
  readonly pid?: number;
  /**
   * The cancellation of the operation that runs now (undefined once it ended). The native compiler
   * stops its process when the token's shared flag is set mid-request (the request blocks this thread).
   */
  cancellation?(token: CancellationToken | undefined): void;
  /** For the log: the requests made to the compiler's process so far and the time they took (the native one's). */
  requestSummary?(): string;
  /** Peak resident memory of the compiler's own process so far, in bytes (the native one's; where the system tells). */
  peakMemory?(): number | undefined;
  /**
   * What the compiler's own process holds now above its idle start (its programs), in bytes (the
   * native one's resident memory; undefined where the system does not tell or none runs).
   */
  memoryNow?(): number | undefined;
  /**
   * The memory the compiler's own process may use, in MB: the native one's runtime collects harder
   * as it nears it (Go's GOMEMLIMIT, unless the environment sets one). With `expectedMb`, what the
   * workspace's programs are expected to hold together: where that leaves ample room below `mb`, the
   * native one's runtime collects less often (Go's GOGC). Read when a process starts.
   */
  limitMemory?(mb: number, expectedMb?: number): void;
  /**
   * While on, every program built stays readable, not only those of the last two builds (an update
   * reads programs from before it while others are built on demand); off releases what was held.
   */
  holdSnapshots?(on: boolean): void;
  /** Stops the compiler (the native process); the port is unusable afterwards. */
  dispose(): void;
}

export type CompilerKind = 'inprocess' | 'native';

export interface ProgramRequest {
  config: ProjectConfig;
  /** The project's program of the last build, if any (its structure is reused). */
  old?: CompilerProgram;
}

/** One project's program, as the passes and the workspace index read it. */
export interface CompilerProgram {
  getSourceFile(fileName: string): TS.SourceFile | undefined;
  /** Whether the program holds `fileName` (no tree fetched). */
  hasSourceFile(fileName: string): boolean;
  /** Every file the program holds, in its order (names only: a native program sends no tree for this). */
  getSourceFileNames(): readonly string[];
  isSourceFileDefaultLibrary(sf: TS.SourceFile): boolean;
  /** As `isSourceFileDefaultLibrary`, by name (ownership asks of files it holds no tree of). */
  isDefaultLibraryFile(fileName: string): boolean;
  getTypeChecker(): Checker;
  /** The first syntax error in `sf`: where and what, or undefined. */
  firstSyntaxError(sf: TS.SourceFile): { start: number; message: string } | undefined;
  /** Standard library files the program looked for and did not find (see missingLibraryFiles). */
  missingLibraryFiles(): string[];
}

/** What the syntax alone tells a file's batch (`Checker.prefetch`) about its names (PlainLocals). */
export interface BatchNames {
  /** A name the passes will not ask about (a local that is no node): left out of the batch. */
  skip(name: TS.Identifier): boolean;
  /** A key the names of the file share when the checker answers them with one symbol (asked once), else undefined. */
  shared(name: TS.Identifier): string | undefined;
}

/**
 * What the passes ask of a type checker: TypeScript 6's own signatures, so the in-process checker is
 * one as it is; the native one answers with adapted symbols and types.
 */
export interface Checker
  extends Pick<
    TS.TypeChecker,
    | 'getSymbolAtLocation'
    | 'getAliasedSymbol'
    | 'getImmediateAliasedSymbol'
    | 'getTypeAtLocation'
    | 'getTypeOfSymbol'
    | 'getTypeOfSymbolAtLocation'
    | 'getDeclaredTypeOfSymbol'
    | 'getPropertyOfType'
    | 'getPropertiesOfType'
    | 'getBaseTypes'
    | 'getShorthandAssignmentValueSymbol'
    | 'getExportSpecifierLocalTargetSymbol'
    | 'getResolvedSignature'
    | 'getContextualType'
    | 'getExportsOfModule'
    | 'getSignaturesOfType'
    | 'getReturnTypeOfSignature'
    | 'getIndexInfosOfType'
  > {
  /**
   * A type as text that depends only on the type, not on what the checker did before (shapes compare
   * such texts across programs).
   */
  stableTypeText(type: TS.Type, sf: TS.SourceFile): string;
  /**
   * The files of a symbol's declarations, without their nodes: the native checker fetches a
   * declaration's file whole (its tree) to hand out its node. Undefined where the checker has no
   * such shortcut (in process, the nodes are at hand) or the symbol is none of its own.
   */
  declarationFileNames?(symbol: TS.Symbol): readonly string[] | undefined;
  /**
   * Before a file's passes: ask at once what they will ask about its names (the native compiler
   * answers a whole file in one round trip; one question at a time costs ~0.1 ms each). A no-op in process.
   * `names`: which names the passes will not ask about, and which share one answer (BatchNames).
   * `meanwhile`: work that asks the compiler nothing (the next file's walk: `prepareBatch`), run while
   * the native compiler answers, where its channel allows; else not run.
   */
  prefetch(sf: TS.SourceFile, names?: BatchNames, meanwhile?: () => void): void;
  /**
   * The caller is about to ask `type` for `names` property names one by one (a class's members in its
   * base types): the native checker fetches all its properties in one request where that costs less
   * than a request per name. Absent in process, where each answer is a call.
   */
  expectPropertyNames?(type: TS.Type, names: number): void;
  /** Walks a file for its `prefetch` ahead of its turn (in `meanwhile`); absent in process, where there is no batch. */
  prepareBatch?(sf: TS.SourceFile, names?: BatchNames): void;
  /**
   * Find-references on a declaration's name: the files (absolute, as the program names them) that
   * reference its symbol, the declaration's own file included (the first answer before the index,
   * CodeGraph.firstAnswer): one request to the native compiler; in process, the language service's
   * find-references over the program (absent where that TypeScript lacks it). With `among` (file
   * names as the program names them): only those of these files that reference it (the native
   * compiler: one request per file).
   */
  referencingFiles?(name: TS.Node, among?: readonly string[]): string[];
}

/** The native compiler's process failed (crashed, hung and was stopped, or its pipe broke): the whole operation is redone. */
export class CompilerProcessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CompilerProcessError';
  }
}

export function isCompilerProcessError(err: unknown): err is CompilerProcessError {
  return err instanceof CompilerProcessError;
}
