import type * as TS from 'typescript';
import { CompilerPort, isCompilerProcessError } from '../../compiler/CompilerPort';
import { CancelledError } from '../../Logger';
import { FileContribution } from '../../graph/GraphTypes';
import type { SharedCompilerHost } from '../program/SharedCompilerHost';
import type { Project, WorkspacePrograms } from '../program/WorkspacePrograms';
import { isCommonJsModule, moduleReferences } from '../../compiler/tsInternals';
import { DeclaredFile, moduleOnly } from './declareFile';
import { describeFailure } from '../describeFailure';
import { extractEdges } from './extractEdges';
import { PlainLocals } from './localValues';
import { isGlobalAugmentation } from './syntax';
import type { NodeLocator } from './NodeLocator';
import { referencesStandardLibrary } from '../program/scopedRoots';

/** The file indexed after this one, in the same program: its syntax is walked while the compiler answers for this one. */
export interface NextFile {
  sf: TS.SourceFile;
  rel: string;
  /** More syntax-only work on it, done after its walk (WorkspaceIndex: its declaration skeleton). */
  also?: () => void;
}

/** Both passes over one file, with the fault isolation around them: what the file contributes to the graph. */
export class FileAnalysis {
  constructor(
    /** The in-process compiler module: it reads a failed file's imports with its scanner, whichever compiler indexes. */
    private readonly scanner: typeof TS,
    /** The syntax vocabulary of the compiler's trees (see CompilerPort.syntax). */
    private readonly ts: typeof TS,
    private readonly compiler: CompilerPort,
    private readonly host: SharedCompilerHost,
    private readonly locator: NodeLocator,
    private readonly programs: WorkspacePrograms,
  ) {}

  /**
   * One file's share of the graph, isolated: when the parser, the checker or our own code throws on
   * this file, the file keeps its declarations (or only its module node) and says why
   * (`failure`); every other file is indexed exactly as it would be without this one.
   */
  contributionOf(project: Project, sf: TS.SourceFile, rel: string, next?: NextFile): FileContribution {
    const contribution = this.analyse(project, sf, rel, next);
    if (isGlobalScope(this.ts, sf)) contribution.global = true;
    if (declaresForOthers(this.ts, sf)) contribution.augments = true;
    const references = moduleReferences(sf);
    if (references) contribution.references = references;
    return contribution;
  }

  /** The next file's names to skip, worked out while the compiler answered this one's (`prepare`). */
  private ahead: { sf: TS.SourceFile; locals: PlainLocals } | undefined;

  private analyse(project: Project, sf: TS.SourceFile, rel: string, next?: NextFile): FileContribution {
    const parseFailure = this.compiler.parseFailure(sf.fileName);
    if (parseFailure) return this.failed(project, sf, moduleOnly(sf, rel, false, parseFailure.reason, parseFailure.text), parseFailure.text);
    const checker = project.program!.getTypeChecker();
    const declared = this.locator.declaredFor(sf, rel, false);
    if (declared.failure) return this.failed(project, sf, declared, sf.text);
    // The names the passes will not ask about, so the batch leaves them out too.
    const locals = this.ahead?.sf === sf ? this.ahead.locals : new PlainLocals(this.ts, sf, declared);
    this.ahead = undefined;
    // While the native compiler answers this file's names, the next file is walked for its own.
    const meanwhile = next && checker.prepareBatch ? () => this.prepare(next, checker) : undefined;
    try {
      // Inside the file's fault isolation: the walk for its batch is syntax work on its tree too.
      checker.prefetch(sf, locals, meanwhile);
      return extractEdges({ ts: this.ts, checker, sf, declared, targets: project.targets!, locals });
    } catch (err) {
      // The native compiler's process failed: the whole operation is redone, not this file (WorkspaceIndex).
      if (isCompilerProcessError(err)) throw err;
      // The index was cancelled under the file (a folder closed or re-opened, the server stopping):
      // nothing is wrong with the file, and the index is not finished to say so.
      if (err instanceof CancelledError) throw err;
      // The checker may be left half-way through a resolution: later files get a fresh one (in process;
      // the native compiler answered with an error and holds no half-done state).
      if (this.compiler.kind === 'inprocess') this.programs.createProgram(project);
      return this.failed(project, sf, { ...declared, failure: describeFailure(err) }, sf.text);
    }
  }

  /**
   * The next file's syntax-only work before its batch (what `analyse` does first), ahead of its turn:
   * its declarations, its plain locals, the walk for its batch. It asks the compiler nothing; what it
   * throws, the file's own turn meets again (inside that file's fault isolation).
   */
  private prepare(next: NextFile, checker: ReturnType<NonNullable<Project['program']>['getTypeChecker']>): void {
    if (this.compiler.parseFailure(next.sf.fileName)) return;
    const declared = this.locator.declaredFor(next.sf, next.rel, false);
    if (declared.failure) return;
    const locals = new PlainLocals(this.ts, next.sf, declared);
    checker.prepareBatch!(next.sf, locals);
    this.ahead = { sf: next.sf, locals };
    next.also?.();
  }

  /**
   * A failed file keeps its declarations, and the workspace files it imports as its dependencies:
   * they say which answers its missing calls can reach (`analysisWarnings`), and an edit of one of
   * them revisits it. Read with the scanner (`preProcessFile`), which needs no parse and no checker:
   * the file is one the parser or the checker could not handle.
   */
  private failed(project: Project, sf: TS.SourceFile, declared: DeclaredFile, text: string): FileContribution {
    const contribution = failedContribution(declared);
    const imports = new Set<string>();
    const host = this.host.hostFor(project.config.options);
    for (const { fileName } of [...this.scanner.preProcessFile(text, true, true).importedFiles]) {
      const resolved = this.scanner.resolveModuleName(fileName, sf.fileName, project.config.options, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = this.programs.relative(resolved.resolvedFileName);
      if (!target.startsWith('../') && target !== declared.file) imports.add(target);
    }
    contribution.dependsOnFiles = [...imports].sort();
    return contribution;
  }
}

/**
 * A file whose declarations any file can use without importing it: a script (no import or export,
 * CommonJS included as a module), or a module with `declare global`.
 */
function isGlobalScope(ts: typeof TS, sf: TS.SourceFile): boolean {
  const commonJs = isCommonJsModule(sf); // set once the checker bound the file
  if (!ts.isExternalModule(sf) && !commonJs) return true;
  return sf.statements.some((s) => ts.isModuleDeclaration(s) && isGlobalAugmentation(ts, s));
}

/** A module's declarations other files see without importing it (FileContribution.augments). */
function declaresForOthers(ts: typeof TS, sf: TS.SourceFile): boolean {
  for (const s of sf.statements) {
    if (s.kind === ts.SyntaxKind.NamespaceExportDeclaration) return true;
    if (ts.isModuleDeclaration(s) && (s.name.kind === ts.SyntaxKind.StringLiteral || isGlobalAugmentation(ts, s))) return true;
  }
  return referencesStandardLibrary(sf.text);
}

/** What a file whose analysis failed contributes: its declarations (no edges) and the reason. */
function failedContribution(declared: DeclaredFile): FileContribution {
  return { file: declared.file, nodes: declared.nodes, edges: [], externalNodes: [], dependsOnFiles: [], problems: [], failure: declared.failure };
}
