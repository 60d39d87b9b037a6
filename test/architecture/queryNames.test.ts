import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { QUERIES } from '../../src/core/query/queries';
import { sourceFiles } from './importGraph';

const repo = path.resolve(__dirname, '../../..');
const rel = (file: string) => path.relative(repo, file).split(path.sep).join('/');

/** Each query's folder under src/core/query (its descriptor's home). */
const FOLDERS: Record<string, string> = Object.fromEntries(
  fs
    .readdirSync(path.join(repo, 'src/core/query'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(repo, 'src/core/query', e.name, 'query.ts')))
    .map((e) => [(require(path.join(__dirname, '../../src/core/query', e.name, 'query.js')) as Record<string, { name: string }>)[Object.keys(require(path.join(__dirname, '../../src/core/query', e.name, 'query.js')))[0]].name, `src/core/query/${e.name}/`]),
);

/** A query name used as a value: a string literal, or (but for impact, also a field's name) an object key. */
function namesIn(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[\s;,{}()])\/\/.*$/gm, '$1');
  return QUERIES.map((q) => q.name).filter((name) => {
    const literal = new RegExp(`['"\`]${name}['"\`]`);
    const key = new RegExp(`(^|[{,\\s])${name}\\??\\s*:(?!:)`, 'm');
    return literal.test(code) || (name !== 'impact' && key.test(code));
  });
}

describe('architecture: a query is named only in the query folders', () => {
  const files = sourceFiles(path.join(repo, 'src'))
    .map(rel)
    .filter((f) => !/\.test\.ts$|\/testdata\/|\/test-support\//.test(f));
  const naming = new Map(files.map((f) => [f, namesIn(fs.readFileSync(path.join(repo, f), 'utf8'))] as const).filter(([, names]) => names.length > 0));

  it('finds every query folder', () => {
    assert.deepEqual(Object.keys(FOLDERS).sort(), QUERIES.map((q) => q.name).sort());
  });

  it('no file outside the query folders names a query (a folder may name its siblings in its tool text; a host takes a name from the descriptor)', () => {
    const offenders = [...naming]
      .filter(([file]) => !Object.values(FOLDERS).some((folder) => file.startsWith(folder)))
      .map(([file, names]) => `${file}: ${names.join(', ')}`);
    assert.deepEqual(offenders, []);
  });

  it('a query name outside src appears only in the generated manifest (package.json)', () => {
    const manifest = fs.readFileSync(path.join(repo, 'package.json'), 'utf8');
    for (const q of QUERIES.filter((d) => d.tool)) assert.ok(manifest.includes(`"tsCodeGraph_${q.name}"`), `package.json lists ${q.name}'s tool`);
  });

  it('the checker sees literals and keys, not prose', () => {
    assert.deepEqual(namesIn("const a = { pathsBetween: 1 }; // 'dependentsOf'\n/** 'dependenciesOf' */ x = `impact`"), ['pathsBetween', 'impact']);
    assert.deepEqual(namesIn('result.impact?.changed; impact: summary'), []);
  });
});
