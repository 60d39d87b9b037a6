import * as path from 'path';
import type * as TS from 'typescript';
import type { CompilerProgram } from '../../compiler/CompilerPort';
import type { SymbolGraph } from '../../graph/SymbolGraph';
import { implementationFilesOf } from '../../graph/implementationTwin';
import { readTextFile } from '../../readTextFile';
import { declarationSkeleton } from './declarationSkeleton';
import { ShapeDelta, fileShape, shapeChange, shapeDelta } from './fileShape';
import { mentionDelta, moduleMentions } from './exportMentions';

/**
 * What an update knows of files' shapes (what other files can see of them) and texts: whether a
 * re-extracted file's change reaches its dependents, and which of them can see it by name.
 */
export class ShapeTracker {
  /**
   * Shapes computed by earlier updates. A file's shape changes only through its own text or a
   * dependency whose shape changed, and both put it back in the update queue, where its shape is
   * recomputed; so a stored shape is current, and saving the same file again skips the old checker.
   */
  private readonly shapes = new Map<string, string>();
  /** A file's words (see `mentionsAny`; null: no text), made once per update for each file asked about. */
  private readonly words = new Map<string, Set<string> | null>();

  constructor(
    private readonly ts: typeof TS,
    private readonly root: string,
    private readonly graph: SymbolGraph,
    /** The program that holds `abs` now (its owner's). */
    private readonly programOf: (abs: string) => CompilerProgram | undefined,
  ) {}

  /** Every stored shape is stale (a full index). */
  clear(): void {
    this.shapes.clear();
  }

  /** `rel`'s shape was not computed now, so not stored: the next update computes the old shape from this program. */
  forget(rel: string): void {
    this.shapes.delete(rel);
  }

  /** The files' words are collected once per update: start and end one. */
  forgetWords(): void {
    this.words.clear();
  }

  /**
   * What other files can see change in `rel` since `oldProgram`, by name (`ShapeDelta`; all lists
   * empty: nothing), or undefined when every dependent must look again (created, deleted, or a
   * change that cannot be put in names). For the update's only changed file, syntax decides first:
   * an unchanged declaration skeleton and node ids mean no change, and otherwise only the exports
   * the edit can reach are printed (`shapeChange`). Whole shapes are printed only when syntax cannot
   * tell, or when another file changed too.
   */
  changeOf(rel: string, oldProgram: CompilerProgram | undefined, oldNodeIds: string[], onlyChange: boolean): ShapeDelta | undefined {
    const abs = path.posix.join(this.root, rel);
    const program = this.programOf(abs);
    // Created or deleted: every dependent looks again, whatever either shape would say.
    if (!oldProgram || !program) {
      this.shapes.delete(rel);
      return undefined;
    }
    const nodeIds = this.graph.nodesInFile(rel).map((n) => n.id);
    const oldSf = oldProgram.getSourceFile(abs);
    const sf = program.getSourceFile(abs);
    if (onlyChange && oldSf && sf && !this.graph.getContribution(rel)?.failure) {
      const sameIds = nodeIds.length === oldNodeIds.length && nodeIds.every((id, i) => id === oldNodeIds[i]);
      const skeleton = sameIds ? declarationSkeleton(this.ts, sf) : undefined;
      if (skeleton !== undefined && skeleton === declarationSkeleton(this.ts, oldSf)) return NOTHING_CHANGED; // a stored shape stays valid
      const change = shapeChange(this.ts, { program: oldProgram, sf: oldSf, nodeIds: oldNodeIds }, { program, sf, nodeIds });
      if (change !== 'unknown') {
        this.shapes.delete(rel); // not printed whole: the next update prints the old one if it needs it
        return change === 'changed' ? undefined : change;
      }
    }
    const oldShape = this.shapes.get(rel) ?? this.shapeOf(oldProgram, abs, oldNodeIds);
    const newShape = this.shapeOf(program, abs, nodeIds);
    if (newShape === undefined) this.shapes.delete(rel);
    else this.shapes.set(rel, newShape);
    return oldShape === undefined || newShape === undefined ? undefined : shapeDelta(oldShape, newShape);
  }

  /**
   * Of `delta`'s changed exports of `rel`, the types whose name other files' shapes print as it is (a
   * class, an interface, a type alias, an enum) while what it stands for changed (not only what a
   * class's value holds, nor only members: their users name those): a file's shape that names one
   * stays the same though the code it types may not (`invoke: Invoker`, its call signature changed).
   */
  namedTypesChanged(rel: string, delta: ShapeDelta): string[] {
    if (delta.changedExports.length === 0) return [];
    const abs = path.posix.join(this.root, rel);
    const program = this.programOf(abs);
    const sf = program?.getSourceFile(abs);
    if (!program || !sf) return [];
    const checker = program.getTypeChecker();
    const F = this.ts.SymbolFlags;
    let exports: TS.Symbol[];
    try {
      const moduleSymbol = checker.getSymbolAtLocation(sf);
      exports = moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
    } catch {
      return [];
    }
    const valueSide = new Set(delta.valueSide);
    const changed = new Set(delta.changedExports);
    const out: string[] = [];
    for (const e of exports) {
      if (!changed.has(e.name) || valueSide.has(e.name)) continue;
      const target = e.flags & F.Alias ? checker.getAliasedSymbol(e) : e;
      if (target.flags & (F.Class | F.Interface | F.TypeAlias | F.Enum)) out.push(e.name);
    }
    return out;
  }

  /**
   * What `rel` shows its dependents of `names` (types of other files whose name its shape prints as
   * it is: namedTypesChanged) by its exports' skeletons (exportMentions); undefined when that cannot
   * be put in names.
   */
  mentionChange(rel: string, names: ReadonlySet<string>): ShapeDelta | undefined {
    const abs = path.posix.join(this.root, rel);
    const sf = this.programOf(abs)?.getSourceFile(abs);
    const module = sf && moduleMentions(this.ts, sf);
    return module ? mentionDelta(this.ts, module, names) : undefined;
  }

  private shapeOf(program: CompilerProgram, abs: string, nodeIds: string[]): string | undefined {
    const sf = program.getSourceFile(abs);
    return sf ? fileShape(this.ts, program, sf, nodeIds) : undefined;
  }

  /** Those of `candidates` with an edge into a node of `file` named by one of `exports` (or a member of one). */
  filesWithEdgesInto(file: string, exports: string[], candidates: readonly string[]): Set<string> {
    const out = new Set<string>();
    if (exports.length === 0) return out;
    // A declaration file's values take their edges at their JavaScript twins (implementationTwin).
    const files = [file, ...implementationFilesOf(file)];
    const prefixes = exports.flatMap((name) => files.map((f) => `${f}#${name}`));
    const into = (to: string) => prefixes.some((p) => to.startsWith(p) && /^[.@~]/.test(to.slice(p.length)));
    for (const d of candidates) if (this.graph.getContribution(d)?.edges.some((e) => into(e.to))) out.add(d);
    return out;
  }

  /**
   * Whether `rel`'s text names one of `members` (conservative: unknown text, or a member name that
   * is no identifier, says yes). A class that extends or implements a changed type needs no look of
   * its own: its member-level IMPLEMENTS/OVERRIDES edges come from the members it declares, by name.
   */
  mayReachMembers(rel: string, members: string[]): boolean {
    // An ES private member (`#cache`) is used only in its class's body, in the file that changed: no dependent reaches it.
    const named = members.filter((name) => !name.startsWith('#'));
    return named.some((name) => !IDENTIFIER.test(name)) || this.mentionsAny(rel, named);
  }

  /** Whether `rel`'s text mentions one of `names` or has an `export *` (conservative: unknown text says yes). */
  maySeeAddedExports(rel: string, names: string[]): boolean {
    const text = this.textOf(rel);
    if (text === undefined || /\bexport\s*\*/.test(text)) return true;
    // `default` and `export =` are imported under any local name: every dependent may see them.
    if (names.some((name) => name === 'default' || !IDENTIFIER.test(name))) return true;
    return this.mentionsAny(rel, names);
  }

  /**
   * Whether `rel`'s text has one of `names` as a whole word (names are identifiers; unknown text
   * says yes). The file's words (maximal runs of `[\w$]`) are collected once per update: every file
   * whose shape changed a member asks again of the same dependents (thousands of asks on a
   * 500-file app, each a text lookup and a regular expression over the whole text before).
   */
  private mentionsAny(rel: string, names: string[]): boolean {
    let words = this.words.get(rel);
    if (words === undefined) {
      const text = this.textOf(rel);
      words = text === undefined ? null : new Set(text.match(WORD) ?? []);
      this.words.set(rel, words);
    }
    return words === null || names.some((name) => words.has(name));
  }

  /**
   * The text the current program holds for `rel`, else the file's on disk (no program holds it: a
   * start from the cache, a program released; a text newer than its contribution's is one its next
   * update reads anyway).
   */
  private textOf(rel: string): string | undefined {
    const abs = path.posix.join(this.root, rel);
    return this.programOf(abs)?.getSourceFile(abs)?.text ?? readTextFile(abs);
  }
}

const NOTHING_CHANGED: ShapeDelta = { exports: [], changedExports: [], members: [], types: [] };

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** A word of a text, as `mentionsAny` compares names: an identifier is one whole word. */
const WORD = /[\w$]+/g;
