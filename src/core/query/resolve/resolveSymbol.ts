import * as path from 'path';
import { GraphNode } from '../../graph/GraphTypes';
import { implementationFilesOf, implementationOf } from '../../graph/implementationTwin';
import { QueryContext } from '../QueryContext';
import { describeKind } from '../shared/describeNode';
import { echoInput } from '../shared/echoInput';
import { resolveDefaultExport } from './defaultExport';
import { matchesQualifiers, parseSymbolQuery, selectorFor, SymbolQuery } from './parseSymbolQuery';
import { resolveFilePath } from './resolveFilePath';
import { symbolNotFoundMessage } from './symbolNotFoundMessage';

/** `note`: one line the answer must carry (a name followed from a re-exporting file to its declaration). */
export type SymbolResolution = { ok: true; node: GraphNode; note?: string } | { ok: false; message: string };

/**
 * The one way every query turns (`file_path`, `symbol`) into a graph node.
 *
 * Order of attempts, most exact first, so a precise question is never second-guessed:
 *   1. a node id verbatim (scripts that read our JSON output);
 *   2. the module node: the file path, its basename, or `<module>`;
 *   3. the exact qualified name (`User.save`);
 *   4. a unique trailing-segment match (`save` → `User.save`, `inner.fn` → `outer.inner.fn`);
 *   5. a name the file re-exports (`export { foo } from './foo'`, `export *`, renamed, chains),
 *      followed to its declaration, with a note saying so (see followReExports);
 *   6. the file's default export under the name an importer gives it (see resolveDefaultExport).
 * Qualifiers (`static`, `get`, `function`, `:42`, see parseSymbolQuery) narrow steps 3 and 4.
 * Several matches are never guessed between: the message lists each with the text that selects it.
 */
export function resolveSymbol(ctx: QueryContext, filePath: string, symbol: string): SymbolResolution {
  const found = resolveDeclared(ctx, filePath, symbol);
  return found.ok ? { ...found, node: implementationOrSelf(ctx, found.node) } : found;
}

/**
 * A value declared in a `.d.ts` beside the JavaScript implementing it is answered for as that
 * implementation: the graph gives the declaration's uses to it (see implementationTwin).
 */
function implementationOrSelf(ctx: QueryContext, node: GraphNode): GraphNode {
  for (const js of implementationFilesOf(node.file)) {
    const twin = implementationOf(node, ctx.graph.nodesInFile(js));
    if (twin) return twin;
  }
  return node;
}

function resolveDeclared(ctx: QueryContext, filePath: string, symbol: string): SymbolResolution {
  const file = resolveFilePath(ctx, filePath);
  if (!file.ok) return file;
  const nodes = file.nodes;

  const raw = typeof symbol === 'string' ? symbol.trim() : '';
  const query = parseSymbolQuery(raw);
  if (query.name === '') {
    return fail(
      `Missing symbol: give a name declared in ${file.file}, like \`formatDate\` or \`User.save\` (or \`<module>\` for the file's top-level code).`,
    );
  }

  const byId = nodes.find((n) => n.id === raw);
  if (byId) return { ok: true, node: byId };

  const moduleNode = nodes.find((n) => n.kind === 'module');
  if (moduleNode && isModuleSpelling(query.name, file.file)) return { ok: true, node: moduleNode };

  const exact = nodes.filter((n) => n.name === query.name);
  if (exact.length > 0) return pick(exact, query, file.file);

  const suffix = `.${query.name}`;
  const trailing = nodes.filter((n) => n.kind !== 'module' && n.name.endsWith(suffix));
  if (trailing.length > 0) return pick(trailing, query, file.file);

  const followed = followReExports(ctx, file.file, query);
  if (followed) return followed;

  const viaDefault = resolveDefaultExport(ctx, file.file, nodes, query);
  if (viaDefault) return viaDefault;

  return fail(symbolNotFoundMessage(ctx.graph, file.file, nodes, query.name));
}

/**
 * How deep a chain of re-exports is followed at most (a chain of barrels is short; a cycle ends
 * sooner, by `seen`). A depth, not a count of files: a barrel may `export *` from hundreds of files.
 */
const MAX_REEXPORT_DEPTH = 50;

/**
 * A name `file` does not declare but re-exports: followed through the files' `reExports`, hop by hop
 * by name (breadth first, so the nearest declaration wins), to the file that declares it; there the
 * name is matched exactly (qualified names keep their tail: `User.save` at a barrel exporting `User`).
 * The answer is for the declaration, and says so in its note. Undefined when no hop leads anywhere.
 * Each (file, name) is visited once, so the walk costs at most the re-exports of the files it reaches.
 */
function followReExports(ctx: QueryContext, file: string, query: SymbolQuery): SymbolResolution | undefined {
  const queue: Array<{ file: string; name: string; depth: number }> = [{ file, name: query.name, depth: 0 }];
  const seen = new Set<string>([`${file}\u0000${query.name}`]);
  const enqueue = (next: { file: string; name: string; depth: number }) => {
    const key = `${next.file}\u0000${next.name}`;
    if (seen.has(key)) return;
    seen.add(key);
    queue.push(next);
  };
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head];
    if (at.depth > 0) {
      const exact = ctx.graph.nodesInFile(at.file).filter((n) => n.kind !== 'module' && n.name === at.name);
      if (exact.length > 0) {
        const picked = pick(exact, { ...query, name: at.name }, at.file);
        if (!picked.ok) return picked;
        const renamed = at.name === query.name ? '' : `\`${at.name}\` in `;
        return { ...picked, note: `\`${query.name}\` is re-exported by ${file}; answered for ${renamed}${at.file}, where it is declared.` };
      }
    }
    if (at.depth >= MAX_REEXPORT_DEPTH) continue;
    const dot = at.name.indexOf('.');
    const first = dot < 0 ? at.name : at.name.slice(0, dot);
    const rest = dot < 0 ? '' : at.name.slice(dot);
    for (const r of ctx.graph.getContribution(at.file)?.reExports ?? []) {
      if (r.exported === first) enqueue({ file: r.file, name: `${r.name}${rest}`, depth: at.depth + 1 });
      // `export *` passes on every name but the default one.
      else if (r.exported === '*' && first !== 'default') enqueue({ file: r.file, name: at.name, depth: at.depth + 1 });
    }
  }
  return undefined;
}

/** Chooses among nodes whose name matched, using the qualifiers; refuses to guess between several. */
function pick(named: GraphNode[], query: SymbolQuery, file: string): SymbolResolution {
  let matching = named.filter((n) => matchesQualifiers(n, query));
  // A line inside several ranges (a declaration nested in another) means the one starting there.
  if (matching.length > 1 && query.line !== undefined) {
    const starting = matching.filter((n) => n.offset === query.line);
    if (starting.length > 0) matching = starting;
  }
  if (matching.length === 1) return { ok: true, node: matching[0] };

  const shown = matching.length > 0 ? matching : named;
  const options = shown.map((n) => `\`${selectorFor(n, shown)}\` (${describeKind(n)}, line ${n.offset})`).join(', ');
  const asked = echoInput(formatQuery(query));
  const lead =
    matching.length === 0
      ? `No declaration matches '${asked}' in ${file}; declarations named like it:`
      : `Symbol '${asked}' is ambiguous in ${file}: ${matching.length} declarations match.`;
  return fail(
    `${lead} Repeat the query with one of these as symbol: ${options}. ` +
      'To pick one, prefix `static ` or `instance `, `get ` or `set `, or a kind such as `function ` or `namespace `, or append `:LINE`.',
  );
}

function isModuleSpelling(name: string, file: string): boolean {
  const base = path.posix.basename(file);
  return name === '<module>' || name === file || name === base || name === `./${file}`;
}

function formatQuery(query: SymbolQuery): string {
  const parts: string[] = [];
  if (query.staticness) parts.push(query.staticness);
  if (query.kind) parts.push(query.kind);
  parts.push(query.line !== undefined ? `${query.name}:${query.line}` : query.name);
  return parts.join(' ');
}

function fail(message: string): SymbolResolution {
  return { ok: false, message };
}
