import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as ts from 'typescript';
import { discoverProjects } from '../../src/core/indexer/program/discoverProjects';
import { compilerDefaults } from '../../src/core/indexer/program/compilerDefaults';
import { nativeGraphRisk } from '../../src/core/indexer/program/nativeGraphRisk';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * What TypeScript 7 reads worse, said by its largest cause: the warning's example and the files it
 * names first are that cause's (vercel/ai's named a Nuxt example's node10 import beside files that
 * lose packages for want of a project reference), and the log lists every file.
 */
describe('nativeGraphRisk', () => {
  let root: string;
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('gives the cause affecting the most files as the example, and its files first', () => {
    root = writeWorkspace('tcg-risk-', {
      'tsconfig.json': JSON.stringify({ compilerOptions: { allowJs: true, strict: true, baseUrl: '.', types: [] }, include: ['src'] }),
      'src/config/defaults.ts': 'export const DEFAULTS = 1;\n',
      'src/y-uses.ts': "import { DEFAULTS } from 'src/config/defaults';\nexport const d = DEFAULTS;\n",
      'src/z-uses.ts': "import { DEFAULTS } from 'src/config/defaults';\nexport const e = DEFAULTS;\n",
      'src/a-legacy.js': 'function A() {}\nA.prototype.run = function () { return 1; };\nmodule.exports = A;\n',
      // Fixtures are data: three of them losing the import outnumber nothing.
      'src/__testfixtures__/a.input.ts': "import { DEFAULTS } from 'src/config/defaults';\nexport const f = DEFAULTS;\n",
      'src/__testfixtures__/b.input.ts': "import { DEFAULTS } from 'src/config/defaults';\nexport const g = DEFAULTS;\n",
      'src/__testfixtures__/c.input.ts': "import { DEFAULTS } from 'src/config/defaults';\nexport const h = DEFAULTS;\n",
    });
    const configs = discoverProjects(ts, root, undefined, compilerDefaults(ts, root));
    const risk = nativeGraphRisk(ts, root, configs, undefined);
    assert.ok(risk);
    // The two files losing a baseUrl import outnumber the one prototype-style script.
    assert.match(risk.example, /^'src\/config\/defaults' in src\/y-uses\.ts resolves only through baseUrl, which TypeScript 7 removed/);
    assert.deepEqual(risk.affected, ['src/y-uses.ts', 'src/z-uses.ts', 'src/a-legacy.js']);
    assert.equal(risk.ownFiles, 7);
  });
});
