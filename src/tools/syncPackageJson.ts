import * as fs from 'fs';
import * as path from 'path';
import { languageModelTools } from './toolMetadata';
import { configurationContribution } from './settings';

/**
 * `npm run tools:sync`: writes toolMetadata's tools into package.json's
 * `contributes.languageModelTools` and settings.ts's settings into `contributes.configuration`
 * (VS Code reads them only from there). Only those blocks' lines change; the rest of the file keeps
 * its bytes. `toolMetadata.test.ts` fails when they drift.
 */
export function syncedPackageJson(text: string): string {
  const withTools = replaceBlock(text, 'languageModelTools', '[', ']', languageModelTools());
  return replaceBlock(withTools, 'configuration', '{', '}', configurationContribution());
}

/** The lines of `contributes.<key>` (opened by `open` and closed by `close` at its indent) replaced by `value`. */
function replaceBlock(text: string, key: string, open: string, close: string, value: unknown): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l === `    "${key}": ${open}`);
  const end = start < 0 ? -1 : lines.findIndex((l, i) => i > start && (l === `    ${close}` || l === `    ${close},`));
  if (start < 0 || end < 0) throw new Error(`package.json: no \`    "${key}": ${open}\` ... \`    ${close},\` block under contributes.`);
  const body = JSON.stringify(value, null, 2)
    .split('\n')
    .slice(1, -1)
    .map((l) => `    ${l}`);
  return [...lines.slice(0, start + 1), ...body, ...lines.slice(end)].join('\n');
}

export const PACKAGE_JSON = path.resolve(__dirname, '../../../package.json');

if (require.main === module) {
  const before = fs.readFileSync(PACKAGE_JSON, 'utf8');
  const after = syncedPackageJson(before);
  if (after === before) console.log('package.json languageModelTools and configuration already match src/tools/toolMetadata.ts and settings.ts.');
  else {
    fs.writeFileSync(PACKAGE_JSON, after);
    console.log('package.json languageModelTools and configuration rewritten from src/tools/toolMetadata.ts and settings.ts.');
  }
}
