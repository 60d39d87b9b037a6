/**
 * Root-relative posix paths as runner discovery writes them (`''` is the root, `packages/a` a
 * folder, `packages/a/src/x.test.ts` a file): where a file is, seen from a folder.
 */

/** Whether `file` is in `dir` (at any depth). */
export function isUnder(file: string, dir: string): boolean {
  return dir === '' || file.startsWith(`${dir}/`);
}

/** `file` (in `dir`) relative to `dir`. */
export function relTo(dir: string, file: string): string {
  return dir === '' ? file : file.slice(dir.length + 1);
}

/** `rel` (`./test`, `src/`, `.`) in `dir`, root-relative. */
export function join(dir: string, rel: string): string {
  const clean = rel.replace(/^\.\/+/, '').replace(/\/+$/, '');
  if (clean === '' || clean === '.') return dir;
  return dir === '' ? clean : `${dir}/${clean}`;
}

/** Root-relative `file` as seen from root-relative folder `dir`: `../../vitest.config.ts` from `packages/a`. */
export function relativePath(dir: string, file: string): string {
  const from = dir === '' ? [] : dir.split('/');
  const to = file.split('/');
  let same = 0;
  while (same < from.length && same < to.length - 1 && from[same] === to[same]) same++;
  return [...from.slice(same).map(() => '..'), ...to.slice(same)].join('/');
}

/** The folder of root-relative `file` (`''` for a file at the root). */
export function folderOf(file: string): string {
  const at = file.lastIndexOf('/');
  return at < 0 ? '' : file.slice(0, at);
}
