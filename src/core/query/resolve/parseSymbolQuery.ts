import { GraphNode, NodeKind } from '../../graph/GraphTypes';

/**
 * A `symbol` argument taken apart. There is no id syntax for users; instead a name may carry
 * plain-language qualifiers that pick one of several same-named declarations:
 *
 *   static User.create     instance User.save     get User.name     set User.name
 *   function parse         namespace parse        User.save:42   (the declaration starting on / spanning line 42)
 *
 * Ambiguity messages print, for each candidate, the shortest of these forms that selects it alone,
 * so a caller can copy one back verbatim.
 */
export interface SymbolQuery {
  /** The qualified name (or its last segments) without qualifiers: `User.save`, `save`, `<module>`. */
  name: string;
  staticness?: 'static' | 'instance';
  kind?: NodeKind;
  line?: number;
}

/** Words accepted before a name; a Map, not an object literal, so `constructor` or `toString` are not inherited keys. */
const KIND_WORDS = new Map<string, NodeKind>([
  ['get', 'getter'],
  ['set', 'setter'],
  ['const', 'variable'],
  ['let', 'variable'],
  ['var', 'variable'],
  ...(['module', 'function', 'method', 'constructor', 'getter', 'setter', 'property', 'class', 'interface', 'method-signature', 'type', 'enum', 'variable', 'namespace'] as const).map(
    (kind): [string, NodeKind] => [kind, kind],
  ),
]);

export function parseSymbolQuery(raw: string): SymbolQuery {
  let text = raw.trim();
  const quoted = /^(["'`])(.*)\1$/.exec(text);
  if (quoted) text = quoted[2].trim();
  const query: SymbolQuery = { name: '' };

  // Leading qualifiers: `static get User.x` takes both.
  for (;;) {
    const m = /^([a-z-]+)\s+(\S.*)$/.exec(text);
    if (!m) break;
    const word = m[1];
    if (word === 'static' || word === 'instance') query.staticness = word;
    else if (KIND_WORDS.has(word)) query.kind = KIND_WORDS.get(word);
    else if (word !== 'export' && word !== 'async' && word !== 'abstract') break; // copied declarations
    text = m[2].trim();
  }

  const line = /^(.*\S):(\d+)$/.exec(text);
  if (line) {
    query.line = Number(line[2]);
    text = line[1];
  }

  // Spellings borrowed from docs, other languages and copied signatures: `User#save`, `User::save`,
  // `User.prototype.save`, `save()`, `parse<T>(text: string): T`. And an answer's own label for a
  // name it prints more than once (`formatDate#1`, spec 000): the name, in the file asked about.
  if (text !== '<module>' && !/\.[cm]?tsx?$/.test(text)) {
    text = text.replace(/#\d+$/, '');
    text = text.replace(/[(<].*$/s, '').replace(/::|#/g, '.').replace(/\.prototype\./g, '.');
  }
  query.name = text.trim();
  return query;
}

/** Does the node satisfy the query's qualifiers (its name is checked by the caller)? */
export function matchesQualifiers(node: GraphNode, query: SymbolQuery): boolean {
  if (query.kind && node.kind !== query.kind) return false;
  if (query.staticness && !!node.isStatic !== (query.staticness === 'static')) return false;
  if (query.line !== undefined && !(query.line >= node.offset && query.line < node.offset + Math.max(1, node.limit))) return false;
  return true;
}

/**
 * The shortest `symbol` text that selects `node` alone among `candidates` (which includes it):
 * the bare name, then a static/instance prefix, then a kind prefix, then both, then `name:line`.
 */
export function selectorFor(node: GraphNode, candidates: GraphNode[]): string {
  const sameName = candidates.filter((c) => c.name === node.name);
  const staticWord = node.isStatic ? 'static' : 'instance';
  const kindWord = node.kind === 'getter' ? 'get' : node.kind === 'setter' ? 'set' : node.kind;
  const options: Array<[string, SymbolQuery]> = [
    [node.name, { name: node.name }],
    [`${staticWord} ${node.name}`, { name: node.name, staticness: staticWord }],
    [`${kindWord} ${node.name}`, { name: node.name, kind: node.kind }],
    [`${staticWord} ${kindWord} ${node.name}`, { name: node.name, staticness: staticWord, kind: node.kind }],
  ];
  for (const [text, query] of options) {
    if (sameName.filter((c) => matchesQualifiers(c, query)).length === 1) return text;
  }
  return lineSelector(node);
}

/** `name:line`: the one `symbol` text that picks a declaration by its first line, however many share its name. */
export function lineSelector(node: Pick<GraphNode, 'name' | 'offset'>): string {
  return `${node.name}:${node.offset}`;
}

/**
 * The `symbol` text hosts pass for a node they hold (the symbol at the cursor, a picked symbol): its
 * name, or `name:line` when `sameFile` (the nodes of its file) declares that name more than once.
 */
export function symbolSelector(node: Pick<GraphNode, 'name' | 'offset'>, sameFile: ReadonlyArray<Pick<GraphNode, 'name'>>): string {
  return sameFile.filter((n) => n.name === node.name).length > 1 ? lineSelector(node) : node.name;
}
