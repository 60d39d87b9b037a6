import type * as TS from 'typescript';
import { realModule } from '../lazyModule';
import type { Checker, CompilerPort, CompilerProgram, ProgramRequest, ProjectConfig } from '../CompilerPort';
import { missingLibraryFiles } from './missingLibraryFiles';
import { stableTypeText } from './stableTypeText';

/**
 * What this compiler needs of the compiler host the indexer shares between programs (the indexer's
 * SharedCompilerHost: one parse per file across programs and edits, stamps, parse failures).
 */
export interface InProcessHost {
  hostFor(options: TS.CompilerOptions): TS.CompilerHost;
  invalidate(fileName: string): void;
  dropChangedOnDisk(): string[];
  parseFailure(fileName: string): { reason: string; text: string } | undefined;
  stampOf(fileName: string): string | undefined;
  /** Parses and binds files in slices, checking for cancellation between them. */
  warm(fileNames: readonly string[], options: TS.CompilerOptions, checkCancelled: () => void): Promise<void>;
}

/**
 * The compiler as a library in this process (the bundled TypeScript 6, or the workspace's own): one
 * `createProgram` per project through the shared compiler host, reusing the old program.
 */
export class InProcessCompiler implements CompilerPort {
  readonly kind = 'inprocess';
  readonly version: string;

  constructor(
    /** The TypeScript module, or a lazy stand-in for it (lazyModule): evaluated at the first build. */
    private readonly module: typeof TS,
    private readonly host: InProcessHost,
    readonly name: string,
  ) {
    this.version = module.version;
  }

  /** The module itself: the passes read it per node, where a lazy stand-in's reads cost a proxy trap. */
  private get ts(): typeof TS {
    return realModule(this.module);
  }

  get syntax(): typeof TS {
    return this.ts;
  }

  build(requests: ProgramRequest[]): CompilerProgram[] {
    return requests.map(({ config, old }) => {
      const program = this.ts.createProgram({
        rootNames: config.fileNames,
        options: config.options,
        // With the host's useSourceOfProjectReferenceRedirect, an import of a referenced project
        // (by path or by its package name through a workspace symlink) reaches its sources, built or not.
        projectReferences: config.projectReferences,
        host: this.host.hostFor(config.options),
        oldProgram: old instanceof InProcessProgram ? old.program : undefined,
      });
      return new InProcessProgram(this.ts, program);
    });
  }

  close(_config: ProjectConfig): void {
    // A program is released when nothing references it: the project drops it.
  }

  filesChanged(changed: readonly string[], deleted: readonly string[]): void {
    for (const f of [...changed, ...deleted]) this.host.invalidate(f);
  }

  dropChangedOnDisk(): string[] {
    return this.host.dropChangedOnDisk();
  }

  parseFailure(fileName: string): { reason: string; text: string } | undefined {
    return this.host.parseFailure(fileName);
  }

  /** Taken by the shared host just before it read the file. */
  stampOf(fileName: string): string | undefined {
    return this.host.stampOf(fileName);
  }

  /** Parses and binds a project's files in slices before its program is built (see SharedCompilerHost.warm). */
  warm(config: ProjectConfig, checkCancelled: () => void): Promise<void> {
    return this.host.warm(config.fileNames, config.options, checkCancelled);
  }

  dispose(): void {}
}

/** A TypeScript program, as the port reads it. */
export class InProcessProgram implements CompilerProgram {
  private checker: Checker | undefined;

  constructor(
    private readonly ts: typeof TS,
    readonly program: TS.Program,
  ) {}

  getSourceFile(fileName: string): TS.SourceFile | undefined {
    return this.program.getSourceFile(fileName);
  }

  hasSourceFile(fileName: string): boolean {
    return this.program.getSourceFile(fileName) !== undefined;
  }

  getSourceFileNames(): readonly string[] {
    return this.program.getSourceFiles().map((sf) => sf.fileName);
  }

  isSourceFileDefaultLibrary(sf: TS.SourceFile): boolean {
    return this.program.isSourceFileDefaultLibrary(sf);
  }

  isDefaultLibraryFile(fileName: string): boolean {
    const sf = this.program.getSourceFile(fileName);
    return !!sf && this.program.isSourceFileDefaultLibrary(sf);
  }

  getTypeChecker(): Checker {
    if (!this.checker) {
      const checker = this.program.getTypeChecker();
      let printer: [TS.SourceFile, (t: TS.Type) => string] | undefined;
      this.checker = Object.assign(Object.create(checker) as TS.TypeChecker, {
        stableTypeText: (type: TS.Type, sf: TS.SourceFile) => {
          if (printer?.[0] !== sf) printer = [sf, stableTypeText(this.ts, checker, sf)];
          return printer[1](type);
        },
        prefetch: () => {},
        ...this.findReferences(),
      });
    }
    return this.checker;
  }

  /**
   * Find-references over this program, as the language service runs it (its `FindAllReferences.Core`,
   * not public API: absent from a TypeScript that lacks it, and then no first answer of dependents).
   */
  private findReferences(): Pick<Checker, 'referencingFiles'> {
    const core = (this.ts as unknown as { FindAllReferences?: { Core?: { getReferencedSymbolsForNode?: FindReferences } } }).FindAllReferences?.Core?.getReferencedSymbolsForNode;
    if (typeof core !== 'function') return {};
    const never = { isCancellationRequested: () => false, throwIfCancellationRequested: () => undefined };
    return {
      referencingFiles: (name: TS.Node, among?: readonly string[]) => {
        const files = new Set<string>();
        const where = among ? among.map((f) => this.program.getSourceFile(f)).filter((sf): sf is TS.SourceFile => !!sf) : this.program.getSourceFiles();
        const found = core(name.getStart(), name, this.program, where, never) ?? [];
        for (const entry of found) for (const ref of entry.references) files.add(ref.node?.getSourceFile().fileName ?? ref.fileName ?? '');
        files.delete('');
        return [...files];
      },
    };
  }

  firstSyntaxError(sf: TS.SourceFile): { start: number; message: string } | undefined {
    const d = this.program.getSyntacticDiagnostics(sf)[0];
    return d && { start: d.start ?? 0, message: this.ts.flattenDiagnosticMessageText(d.messageText, ' ') };
  }

  missingLibraryFiles(): string[] {
    return missingLibraryFiles(this.ts, this.program);
  }
}

/** The shape of TypeScript's internal `FindAllReferences.Core.getReferencedSymbolsForNode` we read. */
type FindReferences = (
  position: number,
  node: TS.Node,
  program: TS.Program,
  sourceFiles: readonly TS.SourceFile[],
  cancellationToken: { isCancellationRequested(): boolean; throwIfCancellationRequested(): void },
) => Array<{ references: Array<{ node?: TS.Node; fileName?: string }> }> | undefined;
