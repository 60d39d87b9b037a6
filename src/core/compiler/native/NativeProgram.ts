import type * as TS from 'typescript';
import type { Checker, CompilerProgram } from '../CompilerPort';
import { NativeChecker } from './NativeChecker';
import type { NativeSync } from './nativeModules';

export type NativeProject = ReturnType<InstanceType<NativeSync['Snapshot']>['getProjects']>[number];

/** What a program needs of the compiler that built it (NativeCompiler): its requests, guarded, and its syntax. */
export interface ProgramHost {
  call<T>(request: () => T): T;
  readonly syntax: typeof TS;
  /**
   * Files some program of this compiler said are its standard library: one is in every program that
   * holds it (the compiler's own lib files), so other programs need not ask again (a request each).
   */
  readonly libraryFiles?: Set<string>;
}

/** One project's program in a native snapshot, as the port reads it. */
export class NativeProgram implements CompilerProgram {
  private names: readonly string[] | undefined;
  private nameSet: Set<string> | undefined;
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
    if (this.compiler.libraryFiles?.has(fileName)) return true;
    let is = this.defaultLibrary.get(fileName);
    if (is === undefined) {
      is = !!this.compiler.call(() => this.project.program.getSourceFileMetadata(fileName))?.isDefaultLibrary;
      this.defaultLibrary.set(fileName, is);
      if (is) this.compiler.libraryFiles?.add(fileName);
    }
    return is;
  }

  getTypeChecker(): NativeChecker & Checker {
    return (this.checker ??= new NativeChecker(this));
  }

  firstSyntaxError(sf: TS.SourceFile): { start: number; message: string } | undefined {
    const d = this.compiler.call(() => this.project.program.getSyntacticDiagnostics(sf.fileName))[0];
    return d && { start: d.pos, message: d.text };
  }

  missingLibraryFiles(): string[] {
    // The native compiler's standard library ships inside its platform package, beside the binary.
    return [];
  }
}
