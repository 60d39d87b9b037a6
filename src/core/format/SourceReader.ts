/** Gives the formatter the lines of a root-relative file (for snippets). Undefined when unreadable. */
export interface SourceReader {
  readLines(file: string): string[] | undefined;
}
