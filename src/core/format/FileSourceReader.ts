import * as fs from 'fs';
import * as path from 'path';
import { SourceReader } from './SourceReader';

/** Reads root-relative files from disk. PLACEHOLDER: an LRU-cached version is being written. */
export function createFileSourceReader(root: string): SourceReader {
  return {
    readLines(file: string) {
      try {
        return fs.readFileSync(path.join(root, file), 'utf8').split(/\r?\n/);
      } catch {
        return undefined;
      }
    },
  };
}
