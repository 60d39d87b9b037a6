import type * as TS from 'typescript';
import type { CompilerProgram } from '../compiler/CompilerPort';
import type { GraphNode } from '../graph/GraphTypes';

/*
 * What the edge pass (file/) asks of a program's symbols, and what the programs (program/) hold for
 * it: shared by both rooms, owned by neither. file/NodeLocator implements it.
 */

/** A resolved edge target: a node id, plus the node itself when it is an external leaf. */
export interface Target {
  id: string;
  kind: GraphNode['kind'];
  file: string;
  external?: GraphNode;
  /** The declaration is abstract or an interface/type-literal member (for IMPLEMENTS vs OVERRIDES). */
  isAbstract: boolean;
  /** Other files that decide whether this is the target (a declaration file's JavaScript twin, see NodeLocator). */
  alsoDependsOn?: string[];
}

/** Maps compiler symbols to graph nodes (`NodeLocator.targetsFor`), for the workspace index, which knows which files are ours. */
export interface SymbolTargets {
  targetsOf(symbol: TS.Symbol | undefined): Target[];
  /** Root-relative path of an indexed file, undefined for lib/external files. */
  ownedFile(sf: TS.SourceFile): string | undefined;
  /** Whether the file of that compiler name is one of ours (ownedFile without its tree: the native compiler sends a file whole). */
  ownsFileNamed?(fileName: string): boolean;
  /**
   * For one of our JavaScript files: the declaration-file paths that may describe it (dependencies
   * whether they exist or not), and which of its nodes implement which declared node (see NodeLocator).
   */
  implementedDeclarations?(file: string): { paths: string[]; pairs: Array<[GraphNode, GraphNode]> };
}

/** Maps a program's symbols to nodes (file/NodeLocator); the programs ask it for each program's targets. */
export interface ProgramLocator {
  /** Which files are ours changed: per-file answers must be recomputed. */
  ownershipChanged(): void;
  targetsFor(program: CompilerProgram): SymbolTargets;
}
