import * as fs from 'fs';
import * as path from 'path';
import { SymbolGraph } from './graph/SymbolGraph';
import { IndexOptions, IndexReport, UpdateReport, indexWorkspace } from './indexer/indexWorkspace';
import { QueryContext, SymbolRef } from './query/QueryContext';
import { QueryResult } from './query/QueryResult';
import { dependenciesOf } from './query/dependencies-of/dependenciesOf';
import { dependentsOf } from './query/dependents-of/dependentsOf';
import { pathsBetween } from './query/paths-between/pathsBetween';

/**
 * The core's front door: index a workspace once, answer queries, take file changes.
 * Hosts (CLI, extension worker, benchmarks) use only this.
 */
export class CodeGraph {
  private constructor(
    readonly root: string,
    readonly graph: SymbolGraph,
    readonly report: IndexReport,
  ) {}

  static async open(options: IndexOptions): Promise<CodeGraph> {
    const root = path.resolve(options.root);
    const { graph, report } = await indexWorkspace({ ...options, root });
    return new CodeGraph(root, graph, report);
  }

  dependenciesOf(filePath: string, symbol: string): QueryResult {
    return dependenciesOf(this.context(), filePath, symbol);
  }

  dependentsOf(filePath: string, symbol: string): QueryResult {
    return dependentsOf(this.context(), filePath, symbol);
  }

  pathsBetween(from: SymbolRef, to: SymbolRef): QueryResult {
    return pathsBetween(this.context(), from, to);
  }

  /** PLACEHOLDER: incremental update of changed/created and deleted files (absolute or root-relative paths). */
  async update(changed: string[], deleted: string[]): Promise<UpdateReport> {
    void changed;
    void deleted;
    throw new Error('not implemented yet');
  }

  private context(): QueryContext {
    const root = this.root;
    return {
      graph: this.graph,
      root,
      fileExists: (rel) => fs.existsSync(path.join(root, rel)),
    };
  }
}
