import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { GeneratedConfigs } from '../../src/core/indexer/program/generatedConfigs';

/** "Cannot read file '…/.svelte-kit/tsconfig.json'" once per Svelte example (TanStack/query: 7) becomes one warning that says what writes the file. */
describe('configs extending a framework tsconfig not generated yet', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-generated-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
  const packageJson = (dir: string, scripts: Record<string, string>) => {
    fs.mkdirSync(path.join(root, dir), { recursive: true });
    fs.writeFileSync(path.join(root, dir, 'package.json'), JSON.stringify({ name: dir.replace(/\//g, '-'), scripts }));
  };

  it('are said once per framework, with the command that writes it and the projects waiting on it', () => {
    const g = new GeneratedConfigs(root);
    for (const name of ['basic', 'ssr', 'playground', 'star-wars']) {
      assert.equal(g.take(`examples/svelte/${name}/tsconfig.json: Cannot read file 'examples/svelte/${name}/.svelte-kit/tsconfig.json'.`), true);
    }
    assert.equal(g.take("apps/web/tsconfig.json: Cannot read file 'apps/web/.nuxt/tsconfig.json'."), true);
    // Any other unreadable base is the config's own problem, said as TypeScript says it.
    assert.equal(g.take("packages/a/tsconfig.json: Cannot read file 'packages/tsconfig.base.json'."), false);
    assert.equal(g.take("packages/a/tsconfig.json: Unknown compiler option 'foo'."), false);
    assert.deepEqual(g.warnings(), [
      '4 configs extend .svelte-kit/tsconfig.json, which `svelte-kit sync` generates and which is not there yet (examples/svelte/basic/tsconfig.json, examples/svelte/ssr/tsconfig.json, examples/svelte/playground/tsconfig.json, and 1 more): their projects are indexed without the settings it adds (path aliases, types). Run it in examples/svelte/basic, examples/svelte/playground, examples/svelte/ssr, and 1 more, then index again.',
      'a config extends .nuxt/tsconfig.json, which `nuxi prepare` (`nuxt prepare`) generates and which is not there yet (apps/web/tsconfig.json): its project is indexed without the settings it adds (path aliases, types). Run it in apps/web, then index again.',
    ]);
  });

  // tRPC's examples/nuxt: `"postinstall": "nuxt prepare"`, `nuxt dev`, `nuxt build`, `nuxt generate`;
  // "run by its dev and build scripts" left out the one script that runs the command itself.
  it('name the scripts of the package.json beside the generated folder that write it, and only those', () => {
    packageJson('examples/nuxt', { build: 'nuxt build', dev: 'nuxt dev', generate: 'nuxt generate', preview: 'nuxt preview', start: 'node .output/server/index.mjs', postinstall: 'nuxt prepare', 'test-dev': 'playwright test --project=dev' });
    packageJson('examples/svelte/basic', { dev: 'vite dev', build: 'vite build', preview: 'vite preview', prepare: 'svelte-kit sync', test: 'vitest' });
    packageJson('examples/svelte/ssr', { start: 'node build' });
    const g = new GeneratedConfigs(root);
    assert.equal(g.take("examples/nuxt/server/tsconfig.json: Cannot read file 'examples/nuxt/.nuxt/tsconfig.server.json'."), true);
    assert.equal(g.take("examples/nuxt/tsconfig.json: Cannot read file 'examples/nuxt/.nuxt/tsconfig.json'."), true);
    assert.equal(g.take("examples/svelte/basic/tsconfig.json: Cannot read file 'examples/svelte/basic/.svelte-kit/tsconfig.json'."), true);
    assert.equal(g.take("examples/svelte/ssr/tsconfig.json: Cannot read file 'examples/svelte/ssr/.svelte-kit/tsconfig.json'."), true);
    assert.deepEqual(g.warnings(), [
      "2 configs extend .nuxt/tsconfig.json or .nuxt/tsconfig.server.json, which `nuxi prepare` (`nuxt prepare`) generates and which are not there yet (examples/nuxt/server/tsconfig.json, examples/nuxt/tsconfig.json): their projects are indexed without the settings they add (path aliases, types). Run it in examples/nuxt (its build, dev, generate and postinstall scripts write it too), then index again.",
      '2 configs extend .svelte-kit/tsconfig.json, which `svelte-kit sync` generates and which is not there yet (examples/svelte/basic/tsconfig.json, examples/svelte/ssr/tsconfig.json): their projects are indexed without the settings it adds (path aliases, types). Run it in examples/svelte/basic (its dev, build and prepare scripts write it too) and examples/svelte/ssr, then index again.',
    ]);
  });
});
