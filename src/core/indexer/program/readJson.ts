import * as fs from 'fs';

/** A JSON object file (package.json and the like), or undefined when it is missing, unreadable, not JSON or not an object. */
export function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
