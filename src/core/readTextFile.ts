import * as fs from 'fs';

/** A file's text as UTF-8, or undefined when it cannot be read (gone, a folder, no permission). */
export function readTextFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
