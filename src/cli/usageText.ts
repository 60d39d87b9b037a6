import { QUERIES } from '../core/query/queries';

/** A query's usage line: its signature, then its summary from column 36 (on a line of its own when the signature is longer). */
const queryLines = QUERIES.flatMap((q) => {
  if (!q.cli) return [];
  const signature = `  ${[q.name, ...q.cli.params.map((p) => `<${p}>`)].join(' ')}`;
  return [signature.length < 36 ? `${signature.padEnd(36)}${q.cli.summary}` : `${signature}\n${' '.repeat(36)}${q.cli.summary}`];
}).join('\n');

/** `ts-code-graph --help`. Kept short: one line per command and option. */
export const usageText = `Usage: ts-code-graph [options] <command> [arguments]

Commands:
${queryLines}
  impact [--base <ref> | --staged]  What do my changes affect? Changed symbols, their dependents, tests to run
  export                            The whole graph as JSON
  stats                             Files, nodes, edges by type and index time
  mcp                               Serve the three queries as MCP tools on stdio (README: MCP)
  stop                              Stop the workspace's daemon (it keeps the graph between commands)

<file> is relative to --root; <symbol> is a qualified name (formatDate, User.save).

Options:
  --root <dir>        Workspace to index (default: current directory)
  --tsconfig <path>   Use this tsconfig instead of finding projects under the root
  --format <format>   Queries: text (default), json, mermaid, html (an interactive diagram: > graph.html).
                      impact: those, markdown (a pull-request comment, always within GitHub's limit)
                      and tests (one command per test runner that runs exactly the tests to run)
                      stats: text, json
  --base <ref>        impact: compare with where the branch left <ref> (git merge-base), e.g. origin/main
                      (default: uncommitted changes, new files included, vs HEAD)
  --staged            impact: compare what is staged with HEAD
  --fail-on <list>    impact: exit 4 when a change is one of removed-export, changed-export (an export
                      removed or its signature changed), removed, any (comma-separated)
  --exclude <glob>    Leave out the folders and files the glob matches (relative to --root, files.exclude
                      style: examples, "templates/with-*", "**/fixtures"); once per glob. Also mcp
  --no-cache          Do not read or write the persisted graph (kept in the user cache folder, as by mcp),
                      and ask no daemon (TS_CODE_GRAPH_DAEMON=0: no daemon, the cache still used)
  --verbose           Log indexing progress to stderr
  -h, --help          Show this help
  --version           Show the version

Exit codes: 0 answer (also "No path found."), 1 internal error, 2 bad input,
3 answer that a file which could not be analysed (or a missing library) may change: the output is
written all the same, and stderr names what is missing. stats and export exit 3 whenever any file failed.
4 impact: a change matched --fail-on (the answer is written all the same; stderr names the symbols).
`;

/** Appended to every bad-input message. */
export const helpHint = "Run 'ts-code-graph --help' for usage.";
