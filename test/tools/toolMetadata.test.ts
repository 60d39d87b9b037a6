import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { PACKAGE_JSON, syncedPackageJson } from '../../src/tools/syncPackageJson';
import { configurationContribution } from '../../src/tools/settings';
import { LM_TOOL_NAMES, MCP_TOOL_NAMES, TOOLS, languageModelTools, mcpTools } from '../../src/tools/toolMetadata';

describe('tool metadata (one definition for every host)', () => {
  const pkgText = fs.readFileSync(PACKAGE_JSON, 'utf8');

  it("package.json's languageModelTools are exactly what toolMetadata generates (else run `npm run tools:sync`)", () => {
    const pkg = JSON.parse(pkgText) as { contributes: { languageModelTools: unknown } };
    assert.deepEqual(pkg.contributes.languageModelTools, languageModelTools(), 'package.json drifted from src/tools/toolMetadata.ts: run `npm run tools:sync`');
    assert.equal(syncedPackageJson(pkgText), pkgText, 'tools:sync would rewrite package.json');
  });

  it("package.json's configuration is exactly what settings.ts generates", () => {
    const pkg = JSON.parse(pkgText) as { contributes: { configuration: unknown } };
    assert.deepEqual(pkg.contributes.configuration, configurationContribution(), 'package.json drifted from src/tools/settings.ts: run `npm run tools:sync`');
    const drifted = pkgText.replace('"default": 0,', '"default": 4096,');
    assert.notEqual(drifted, pkgText);
    assert.equal(syncedPackageJson(drifted), pkgText);
  });

  it('sync rewrites a drifted description and touches no other line', () => {
    const drifted = pkgText.replace('"userDescription": "Who depends', '"userDescription": "WHO depends');
    assert.notEqual(drifted, pkgText);
    assert.equal(syncedPackageJson(drifted), pkgText);
  });

  it('MCP tools have the LM tools\' schemas and descriptions, each naming the sibling tools by the MCP names', () => {
    const lm = languageModelTools();
    const mcp = mcpTools();
    assert.deepEqual(mcp.map((t) => t.name), ['dependenciesOf', 'dependentsOf', 'pathsBetween']);
    for (const [i, t] of mcp.entries()) {
      assert.deepEqual(t.inputSchema, lm[i].inputSchema);
      assert.equal(t.description, lm[i].modelDescription.replace(/tsCodeGraph_(\w+)/g, '$1'));
      assert.doesNotMatch(t.description, /tsCodeGraph_/);
    }
    for (const tool of TOOLS) {
      // dependenciesOf and dependentsOf point to the two other tools; all three to dependenciesOf's output format
      const others = tool.query === 'pathsBetween' ? ['dependenciesOf'] : TOOLS.map((o) => o.query).filter((q) => q !== tool.query);
      for (const q of others as (keyof typeof LM_TOOL_NAMES)[]) {
        assert.ok(tool.modelDescription(LM_TOOL_NAMES).includes(LM_TOOL_NAMES[q]), `${tool.query} names ${q}`);
        assert.match(tool.modelDescription(MCP_TOOL_NAMES), new RegExp(`\\buse ${MCP_TOOL_NAMES[q]}\\b|as ${MCP_TOOL_NAMES[q]} `), `${tool.query} names ${q}`);
      }
      assert.ok(!tool.modelDescription(MCP_TOOL_NAMES).includes('tsCodeGraph_'));
    }
  });
});
