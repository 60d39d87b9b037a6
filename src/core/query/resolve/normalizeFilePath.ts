/**
 * A caller's `file_path` as every resolver reads it (the core's resolveFilePath, and multi-root
 * routing before it): trimmed, surrounding quotes dropped (`"src/a.ts"`, as a model copies it), a
 * `file://` URI decoded, Windows backslashes as `/`. The result is posix, absolute or relative.
 */
export function normalizeFilePath(input: string): string {
  let p = toPosix(stripQuotes(input.trim()));
  if (p.startsWith('file://')) {
    p = decodeOrKeep(p.slice('file://'.length));
    if (/^\/[A-Za-z]:\//.test(p)) p = p.slice(1); // file:///C:/x → C:/x
  }
  return p;
}

/** Whether a normalised path is absolute: `/x` or a Windows drive `C:/x`. */
export function isAbsoluteFilePath(normalized: string): boolean {
  return normalized.startsWith('/') || /^[A-Za-z]:\//.test(normalized);
}

function toPosix(p: string): string {
  return p.replace(/\\/g, '/');
}

function stripQuotes(s: string): string {
  const m = /^(["'`])(.*)\1$/.exec(s);
  return m ? m[2].trim() : s;
}

/** `%` escapes decoded; a malformed one (`file:///a%zz.ts`) leaves the text as written, for the resolver to report. */
function decodeOrKeep(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
