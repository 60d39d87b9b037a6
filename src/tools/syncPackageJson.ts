import * as fs from 'fs';
import * as path from 'path';
import { languageModelTools } from './toolMetadata';

/**
 * `npm run tools:sync`: writes toolMetadata's tools into package.json's
 * `contributes.languageModelTools` (VS Code reads them only from there). Only that array's lines
 * change; the rest of the file keeps its bytes. `toolMetadata.test.ts` fails when they drift.
 */
export function syncedPackageJson(text: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^ {4}"languageModelTools": \[$/.test(l));
  const end = start < 0 ? -1 : lines.findIndex((l, i) => i > start && /^ {4}\],?$/.test(l));
  if (start < 0 || end < 0) throw new Error('package.json: no `    "languageModelTools": [` ... `    ],` block under contributes.');
  const body = JSON.stringify(languageModelTools(), null, 2)
    .split('\n')
    .slice(1, -1)
    .map((l) => `    ${l}`);
  return [...lines.slice(0, start + 1), ...body, ...lines.slice(end)].join('\n');
}

export const PACKAGE_JSON = path.resolve(__dirname, '../../../package.json');

if (require.main === module) {
  const before = fs.readFileSync(PACKAGE_JSON, 'utf8');
  const after = syncedPackageJson(before);
  if (after === before) console.log('package.json languageModelTools already match src/tools/toolMetadata.ts.');
  else {
    fs.writeFileSync(PACKAGE_JSON, after);
    console.log('package.json languageModelTools rewritten from src/tools/toolMetadata.ts.');
  }
}
