import type * as TS from 'typescript';
import type { Checker, CompilerProgram } from '../CompilerPort';
import { NativeChecker } from './NativeChecker';
import type { NativeSync } from './nativeModules';

export type NativeProject = ReturnType<InstanceType<NativeSync['Snapshot']>['getProjects']>[number];

/** What a program needs of the compiler that built it (NativeCompiler): its requests, guarded, and its syntax. */
export interface ProgramHost {
  call<T>(request: () => T): T;
  /** `request`, with `meanwhile` run while the process answers it (NativeCompiler.callWhile). */
  callWhile?<T>(request: () => T, meanwhile: () => void): T;
  readonly syntax: typeof TS;
  /**
   * Whether a file is the standard library's, as some program of this compiler said: a property of
   * the path (the compiler's own lib files), so other programs need not ask again (a request each).
   */
  readonly libraryFiles?: Map<string, boolean>;
  /** The compiler's own folder(s) of lib.*.d.ts files: a lib file there is the standard library's without asking. */
  readonly libraryFolders?: readonly string[];
}

/** A path the standard library may be at: a `lib*.d.ts` file, or in a package that replaces one (`@typescript/lib-*`). */
const LIBRARY_LIKE = /(^|\/)lib[^/]*\.d\.ts$|\/@typescript\/lib-/;

/** One project's program in a native snapshot, as the port reads it. */
export class NativeProgram implements CompilerProgram {
  private names: readonly string[] | undefined;
  private nameSet: Set<string> | undefined;
  /** Where the compiler keeps none (a test's stand-in): this program's own answers. */
  private readonly defaultLibrary = new Map<string, boolean>();
  private checker: NativeChecker | undefined;

  constructor(
    readonly compiler: ProgramHost,
    readonly project: NativeProject,
    /** Which build made it (later builds are newer snapshots). */
    readonly generation: number,
    /** Its files, when the program it replaces holds the same (a build that changed no file): not asked again. */
    names?: readonly string[],
  ) {
    this.names = names;
  }

  /** Its files if asked already (a build that changes no file carries them to the next program of its project). */
  knownNames(): readonly string[] | undefined {
    return this.names;
  }

  getSourceFile(fileName: string): TS.SourceFile | undefined {
    if (!this.hasSourceFile(fileName)) return undefined;
    const sf = this.compiler.call(() => this.project.program.getSourceFile(fileName)) as unknown as TS.SourceFile | undefined;
    if (sf) this.getTypeChecker().adopt(sf);
    return sf;
  }

  hasSourceFile(fileName: string): boolean {
    this.nameSet ??= new Set(this.getSourceFileNames());
    return this.nameSet.has(fileName);
  }

  getSourceFileNames(): readonly string[] {
    return (this.names ??= this.compiler.call(() => this.project.program.getSourceFileNames()));
  }

  isSourceFileDefaultLibrary(sf: TS.SourceFile): boolean {
    return this.isDefaultLibraryFile(sf.fileName);
  }

  isDefaultLibraryFile(fileName: string): boolean {
    // Only the compiler's lib.*.d.ts, or a package replacing one (`@typescript/lib-dom`), can be: the
    // rest is not asked about (ra-core asked for each of its 577 files).
    if (!LIBRARY_LIKE.test(fileName)) return false;
    const known = this.compiler.libraryFiles ?? this.defaultLibrary;
    let is = known.get(fileName);
    if (is === undefined && this.compiler.libraryFolders?.includes(fileName.slice(0, fileName.lastIndexOf('/')))) {
      // The compiler's own lib file (45 of them in @loopback/repository's program: a request each).
      is = true;
      known.set(fileName, is);
    }
    if (is === undefined) {
      is = !!this.compiler.call(() => this.project.program.getSourceFileMetadata(fileName))?.isDefaultLibrary;
      known.set(fileName, is);
    }
    return is;
  }

  getTypeChecker(): NativeChecker & Checker {
    return (this.checker ??= new NativeChecker(this));
  }

  /**
   * The file's first syntax error. Asked only where one can be: 7's parser flags the node it finishes
   * after an error and its binder every ancestor, so a TypeScript file whose tree is unflagged has
   * none (ra-core asked for each of its 482 files: 0.1 s). A JavaScript file is always asked: its
   * TypeScript-only syntax (`let x: number`, `import x = require`) is reported without a flag.
   */
  firstSyntaxError(sf: TS.SourceFile): { start: number; message: string } | undefined {
    const { NodeFlags } = this.compiler.syntax;
    if (!(sf.flags & (NodeFlags.ThisNodeOrAnySubNodesHasError | NodeFlags.JavaScriptFile))) return undefined;
    const d = this.compiler.call(() => this.project.program.getSyntacticDiagnostics(sf.fileName))[0];
    return d && { start: d.pos, message: d.text };
  }

  missingLibraryFiles(): string[] {
    // The native compiler's standard library ships inside its platform package, beside the binary.
    return [];
  }
}
