import * as path from 'path';

/**
 * Single-file components: Vue, Svelte and Astro files hold TypeScript or JavaScript in a `<script>`
 * block (Astro in a front matter), which only their framework's tooling compiles; TypeScript's own
 * programs never read them. Their calls into the workspace's code are therefore missing from the
 * graph. The index cannot hold them; it says so (a warning, and a note on answers whose code they
 * may use) instead of answering as if they were not there.
 */
export const COMPONENT_FILE = /\.(vue|svelte|astro)$/;

/** Files named one by one in a message; more are counted. */
const MAX_NAMED = 3;

/** The component files of a workspace (root-relative, sorted), as project discovery listed them. */
export class ComponentFiles {
  constructor(readonly files: readonly string[]) {}

  /** The warning `stats` and every host show, or undefined with none. */
  warning(): string | undefined {
    const n = this.files.length;
    if (n === 0) return undefined;
    const byExtension = new Map<string, number>();
    for (const f of this.files) {
      const ext = path.posix.extname(f);
      byExtension.set(ext, (byExtension.get(ext) ?? 0) + 1);
    }
    const kinds = [...byExtension].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([ext, count]) => `${count} ${ext}`);
    return (
      `${n} component file${n === 1 ? ' is' : 's are'} not indexed (${kinds.join(', ')}; ${where(this.files)}): ` +
      `TypeScript reads no .vue, .svelte or .astro files, so what their scripts call is missing from the graph. ` +
      `dependentsOf and impact name the ones that import and name the code they answer about.`
    );
  }

  /** Why `rel` is not in the graph, when it is one of these files. */
  whyNotIndexed(rel: string): string | undefined {
    if (!COMPONENT_FILE.test(rel)) return undefined;
    return `it is a ${path.posix.extname(rel)} component: TypeScript reads no .vue, .svelte or .astro files, so the graph holds none of them. Ask about the .ts/.js code it uses (dependentsOf names component files that may use an answer's code)`;
  }
}

/** Where the files are: the folders (two levels deep) holding most of them, with their counts. */
function where(files: readonly string[]): string {
  if (files.length === 1) return files[0];
  const folders = new Map<string, number>();
  for (const f of files) {
    const folder = path.posix.dirname(f).split('/').slice(0, 2).join('/');
    folders.set(folder, (folders.get(folder) ?? 0) + 1);
  }
  const ranked = [...folders].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const named = ranked.slice(0, MAX_NAMED).map(([folder, count]) => `${folder === '.' ? 'the root folder' : folder} (${count})`);
  const more = ranked.length - MAX_NAMED;
  return `in ${named.join(', ')}${more > 0 ? `, and ${more} more folders` : ''}`;
}
