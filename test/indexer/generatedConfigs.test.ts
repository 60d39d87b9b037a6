import * as assert from 'node:assert/strict';
import { GeneratedConfigs } from '../../src/core/indexer/program/generatedConfigs';

/** "Cannot read file '…/.svelte-kit/tsconfig.json'" once per Svelte example (TanStack/query: 7) becomes one warning that says what writes the file. */
describe('configs extending a framework tsconfig not generated yet', () => {
  it('are said once per framework, with the command that writes it and the projects waiting on it', () => {
    const g = new GeneratedConfigs();
    for (const name of ['basic', 'ssr', 'playground', 'star-wars']) {
      assert.equal(g.take(`examples/svelte/${name}/tsconfig.json: Cannot read file 'examples/svelte/${name}/.svelte-kit/tsconfig.json'.`), true);
    }
    assert.equal(g.take("apps/web/tsconfig.json: Cannot read file 'apps/web/.nuxt/tsconfig.json'."), true);
    // Any other unreadable base is the config's own problem, said as TypeScript says it.
    assert.equal(g.take("packages/a/tsconfig.json: Cannot read file 'packages/tsconfig.base.json'."), false);
    assert.equal(g.take("packages/a/tsconfig.json: Unknown compiler option 'foo'."), false);
    assert.deepEqual(g.warnings(), [
      "4 configs extend .svelte-kit/tsconfig.json, which `svelte-kit sync` (run by its dev and build scripts) generates and which is not there yet (examples/svelte/basic/tsconfig.json, examples/svelte/ssr/tsconfig.json, examples/svelte/playground/tsconfig.json, and 1 more): their projects are indexed without the settings it adds (path aliases, types). Run it in those folders, then index again.",
      'a config extends .nuxt/tsconfig.json, which `nuxi prepare` (run by its dev and build scripts) generates and which is not there yet (apps/web/tsconfig.json): its project is indexed without the settings it adds (path aliases, types). Run it in that folder, then index again.',
    ]);
  });
});
