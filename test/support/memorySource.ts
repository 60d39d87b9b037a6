import { SourceReader } from '../../src/core/format/SourceReader';

/**
 * An in-memory SourceReader for tests: file → lines (or text, split like the file reader does).
 * Files not listed are unreadable (undefined), like a deleted file on disk. `reads` records every
 * request, so a test can tell whether a file was consulted at all.
 */
export function memorySource(files: Record<string, string | string[]>): SourceReader & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    readLines(file: string): string[] | undefined {
      reads.push(file);
      const content = files[file];
      if (content === undefined) return undefined;
      return typeof content === 'string' ? content.split(/\r?\n/) : content;
    },
  };
}

/**
 * A file of `total` lines where the given 1-based lines have the given text and every other line
 * is `  // line N`, so goldens can show which line a snippet picked without writing 70-line files.
 */
export function fileWith(total: number, lines: Record<number, string>): string[] {
  return Array.from({ length: total }, (_, i) => lines[i + 1] ?? `  // line ${i + 1}`);
}
