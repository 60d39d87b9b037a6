import * as path from 'path';
import { GraphNode } from '../../graph/GraphTypes';
import { QueryContext } from '../QueryContext';
import { describeKind } from '../shared/describeNode';
import { echoInput } from '../shared/echoInput';
import { SymbolQuery } from './parseSymbolQuery';
import { levenshtein } from './levenshtein';

type Resolved = { ok: true; node: GraphNode; note: string };

/**
 * A file's default export asked for by the name its importers give it. `export default (…) => …`
 * is the node `default`, an anonymous `module.exports = (…) => …` the node named after the file
 * (ids stay what they are, the cache with them); an agent reading `import loadHbSubset from
 * './harfbuzz-loader'` or `const onFinished = require('on-finished')` asks for `loadHbSubset` or
 * `onFinished`. Accepted, each answered with a note saying what was answered for:
 * - `default`, `module.exports`, and the file's name in any case or separators (`harfbuzzLoader`,
 *   `HarfbuzzLoader`; an index file's folder name), always;
 * - any other plain name, unless it is a few edits from another declaration's (a typo of another
 *   declaration still gets the usual "not found" with suggestions).
 * Undefined when the file has no default export, or the name is not one of these.
 */
export function resolveDefaultExport(ctx: QueryContext, file: string, nodes: readonly GraphNode[], query: SymbolQuery): Resolved | undefined {
  const target = defaultExportOf(ctx, file, nodes);
  if (!target || query.line !== undefined || query.staticness) return undefined;
  const asked = query.name;
  const shown = `\`${target.name}\` (${describeKind(target)}, line ${target.offset})`;
  if (fileAliases(file).has(squash(asked)) || asked === 'default' || asked === 'module.exports') {
    return { ok: true, node: target, note: `\`${echoInput(asked)}\` names the default export of ${file}; answered for ${shown}.` };
  }
  if (!/^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(asked)) return undefined;
  if (nodes.some((n) => n.kind !== 'module' && n !== target && isTypoOf(asked, n.name))) return undefined;
  return { ok: true, node: target, note: `\`${echoInput(asked)}\` is not declared in ${file}; answered for its default export, ${shown}, which importers name as they like.` };
}

/**
 * The node a file's default export declares: `export default function () {}` (named `default`), the
 * declaration `export default X` names, or in JavaScript an anonymous `module.exports = …` (named
 * after the file). One, or none.
 */
function defaultExportOf(ctx: QueryContext, file: string, nodes: readonly GraphNode[]): GraphNode | undefined {
  const named = nodes.filter((n) => n.name === 'default' && n.kind !== 'module');
  if (named.length === 1) return named[0];
  const local = ctx.graph.getContribution(file)?.reExports?.find((r) => r.exported === 'default' && r.file === file);
  const declared = local && nodes.filter((n) => n.name === local.name && n.kind !== 'module');
  if (declared?.length === 1) return declared[0];
  if (!/\.[cm]?jsx?$/.test(file)) return undefined;
  const stem = fileStem(file);
  const cjs = nodes.filter((n) => n.name === stem && (n.kind === 'function' || n.kind === 'class'));
  return cjs.length === 1 ? cjs[0] : undefined;
}

/** Within the edits symbolNotFoundMessage calls close, of the name or its last segment, ignoring case. */
function isTypoOf(asked: string, name: string): boolean {
  const wanted = asked.toLowerCase();
  const max = Math.max(2, Math.ceil(wanted.length * 0.4));
  const full = name.toLowerCase();
  return levenshtein(wanted, full, max) <= max || levenshtein(wanted, full.slice(full.lastIndexOf('.') + 1), max) <= max;
}

/** The file's name without extensions, as `squash` reads names; an index file's folder too. */
function fileAliases(file: string): Set<string> {
  const aliases = new Set([squash(fileStem(file))]);
  const parts = file.split('/');
  if (fileStem(file) === 'index' && parts.length > 1) aliases.add(squash(parts[parts.length - 2]));
  return aliases;
}

/** `harfbuzz-loader.ts` → `harfbuzz-loader`: what an anonymous `module.exports` is named after (declareFile's `baseName`). */
function fileStem(file: string): string {
  return path.posix.basename(file).replace(/\.d(?=\.[^.]*$)/, '').replace(/\.[^.]*$/, '');
}

/** Case and separators dropped: `harfbuzz-loader`, `harfbuzzLoader` and `HarfbuzzLoader` are one name. */
function squash(name: string): string {
  return name.toLowerCase().replace(/[-_.\s]/g, '');
}
