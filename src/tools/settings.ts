/**
 * The extension's settings, defined once: package.json's `contributes.configuration` is generated
 * from here (`npm run tools:sync`, syncPackageJson), and the host reads them by these keys.
 */
export const SETTINGS = {
  exclude: {
    key: 'tsCodeGraph.exclude',
    schema: {
      type: 'array',
      items: { type: 'string' },
      default: [],
      scope: 'resource',
      markdownDescription:
        'Folders and files to leave out of the graph: globs relative to the workspace folder, written as in `#files.exclude#` (`examples`, `templates/with-*`, `**/fixtures`). A matched folder is left out with everything under it; a project none of whose files are left is not built. Projects whose dependencies are not installed (a folder with its own package.json, not a workspace member, without node_modules) are left out without asking; the log and the status say which.',
    },
  },
  workerHeapMb: {
    key: 'tsCodeGraph.workerHeapMb',
    schema: {
      type: 'number',
      default: 0,
      minimum: 0,
      scope: 'machine',
      markdownDescription:
        "The graph worker's heap limit in MB (0: half of this machine's memory). Raise it when the log says the worker ran out of memory; it applies when the worker next starts (the command **TS Code Graph: Rebuild Graph** starts a stopped one). The CLI and the MCP server read `TS_CODE_GRAPH_WORKER_HEAP_MB` instead.",
    },
  },
} as const;

/** package.json's `contributes.configuration`. */
export function configurationContribution(): { title: string; properties: Record<string, unknown> } {
  return { title: 'TS Code Graph', properties: Object.fromEntries(Object.values(SETTINGS).map((s) => [s.key, s.schema])) };
}
