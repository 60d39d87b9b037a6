import * as path from 'path';
import { GraphNode } from '../../graph/GraphTypes';
import { implementationFilesOf, implementationOf } from '../../graph/implementationTwin';
import { QueryContext } from '../QueryContext';
import { describeKind } from '../shared/describeNode';
import { echoInput } from '../shared/echoInput';
import { matchesQualifiers, parseSymbolQuery, selectorFor, SymbolQuery } from './parseSymbolQuery';
import { resolveFilePath } from './resolveFilePath';
import { symbolNotFoundMessage } from './symbolNotFoundMessage';

export type SymbolResolution = { ok: true; node: GraphNode } | { ok: false; message: string };

/**
 * The one way every query turns (`file_path`, `symbol`) into a graph node.
 *
 * Order of attempts, most exact first, so a precise question is never second-guessed:
 *   1. a node id verbatim (scripts that read our JSON output);
 *   2. the module node: the file path, its basename, or `<module>`;
 *   3. the exact qualified name (`User.save`);
 *   4. a unique trailing-segment match (`save` → `User.save`, `inner.fn` → `outer.inner.fn`).
 * Qualifiers (`static`, `get`, `function`, `:42`, see parseSymbolQuery) narrow steps 3 and 4.
 * Several matches are never guessed between: the message lists each with the text that selects it.
 */
export function resolveSymbol(ctx: QueryContext, filePath: string, symbol: string): SymbolResolution {
  const found = resolveDeclared(ctx, filePath, symbol);
  return found.ok ? { ok: true, node: implementationOrSelf(ctx, found.node) } : found;
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

  return fail(symbolNotFoundMessage(ctx.graph, file.file, nodes, query.name));
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
