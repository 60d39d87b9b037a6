import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { mulberry32 } from '../support/mulberry32';

const SEEDS = (process.env.HUB_CACHE_SEEDS ?? '1,2,3').split(',').map(Number);
const STEPS = Number(process.env.HUB_CACHE_STEPS ?? 8);

/**
 * Starts from the cache after random edits of a hub (a file most others import, its shape kept in the
 * cache) always leave the graph a fresh index builds: the waves (the dependents naming what changed,
 * then what each of them shows in turn, by its kept shape or by its exports' skeletons) must reach
 * every file whose edges change. The hub's dependents use it every way that carries a type on:
 * inferred bodies, local helpers, a class member, a callback typed by an alias, a barrel, a second
 * level that names only the first level's exports.
 */
describe('a start from the cache after random edits of a hub equals a fresh index', function () {
  this.timeout(600_000);

  /** The hub's text for a state: which names and types each toggle selects. */
  const hub = (s: State) =>
    [
      'export class Foo {',
      `  ${s.run}(): number {`,
      '    return 1;',
      '  }',
      '}',
      'export class Bar {',
      `  ${s.run}(): number {`,
      '    return 2;',
      '  }',
      '}',
      'export interface Store {',
      `  ${s.get}(id: string): ${s.gives};`,
      '  size: number;',
      '}',
      'export function make(): Store {',
      `  return { ${s.get}: () => new ${s.gives}(), size: ${s.body} };`,
      '}',
      `export type Handler = (x: ${s.takes}) => number;`,
      ...(s.extra ? ['export function extra(): Foo {', '  return new Foo();', '}'] : []),
      '',
    ].join('\n');
  interface State {
    run: 'run' | 'go';
    get: 'get' | 'fetch';
    gives: 'Foo' | 'Bar';
    takes: 'Foo' | 'Bar';
    extra: boolean;
    body: number;
  }
  const toggles: Array<(s: State) => State> = [
    (s) => ({ ...s, get: s.get === 'get' ? 'fetch' : 'get' }),
    (s) => ({ ...s, gives: s.gives === 'Foo' ? 'Bar' : 'Foo' }),
    (s) => ({ ...s, takes: s.takes === 'Foo' ? 'Bar' : 'Foo' }),
    (s) => ({ ...s, run: s.run === 'run' ? 'go' : 'run' }),
    (s) => ({ ...s, extra: !s.extra }),
    (s) => ({ ...s, body: s.body + 1 }),
  ];

  function writeWorkspace(root: string): void {
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    };
    write('tsconfig.json', JSON.stringify({ compilerOptions: { target: 'ES2020', module: 'ESNext', moduleResolution: 'bundler', strict: true }, include: ['src'] }));
    write('src/hub.ts', hub({ run: 'run', get: 'get', gives: 'Foo', takes: 'Foo', extra: false, body: 0 }));
    // Twenty-four dependents, six ways of using the hub, each with a second-level user naming only its exports.
    const kinds = [
      (i: number) => `import { Store } from './hub';\n\nexport const read${i} = (s: Store) => s.get('a');\n`,
      (i: number) => `import { Store } from './hub';\n\nconst first${i} = (s: Store) => s.get('b');\n\nexport function via${i}(s: Store) {\n  return first${i}(s);\n}\n`,
      (i: number) => `import { Store, make } from './hub';\n\nexport class Wrap${i} {\n  constructor(private readonly s: Store = make()) {}\n  read() {\n    return this.s.get('w');\n  }\n}\n`,
      (i: number) => `import { Handler } from './hub';\n\nexport const handle${i}: Handler = (x) => x.run();\n`,
      (i: number) => `import { make } from './hub';\n\nexport const made${i} = () => make();\n`,
      (i: number) => `import type { Foo } from './hub';\n\nexport function typed${i}(f: Foo): number {\n  return f.run();\n}\n`,
    ];
    const users = [
      (i: number) => `import { read${i} } from './d${i}';\n\nexport const u${i} = () => read${i}(undefined as never).run();\n`,
      (i: number) => `import { via${i} } from './d${i}';\n\nexport const u${i} = () => via${i}(undefined as never).run();\n`,
      (i: number) => `import { Wrap${i} } from './d${i}';\n\nexport const u${i} = () => new Wrap${i}().read().run();\n`,
      (i: number) => `import { handle${i} } from './d${i}';\n\nexport const u${i} = () => handle${i};\n`,
      (i: number) => `import { made${i} } from './barrel';\n\nexport const u${i} = () => made${i}().get('m').run();\n`,
      (i: number) => `import { typed${i} } from './d${i}';\n\nexport const u${i} = () => typed${i};\n`,
    ];
    const barrel: string[] = [];
    for (let i = 0; i < 24; i++) {
      write(`src/d${i}.ts`, kinds[i % kinds.length](i));
      write(`src/u${i}.ts`, users[i % users.length](i));
      barrel.push(`export * from './d${i}';`);
    }
    write('src/barrel.ts', `${barrel.join('\n')}\n`);
    // Shapes are kept in a workspace of 200 files or more.
    for (let i = 0; i < 160; i++) write(`src/filler/x${i}.ts`, `export const x${i} = ${i};\n`);
  }

  for (const seed of SEEDS) {
    it(`seed ${seed}: the same edits as updates of a live graph (the daemon, the extension) equal a fresh index too`, async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-hub-prop-live-'));
      try {
        writeWorkspace(root);
        const { index } = await indexWorkspace({ root });
        const rand = mulberry32(seed);
        let state: State = { run: 'run', get: 'get', gives: 'Foo', takes: 'Foo', extra: false, body: 0 };
        const done: string[] = [];
        for (let step = 0; step < STEPS; step++) {
          state = toggles[Math.floor(rand() * toggles.length)](state);
          done.push(JSON.stringify(state));
          const file = path.join(root, 'src/hub.ts');
          fs.writeFileSync(file, hub(state));
          await index.update([file], []);
          const a = index.graph.snapshot();
          const b = (await indexWorkspace({ root })).graph.snapshot();
          const only = (x: string[], y: string[]) => x.filter((e) => !new Set(y).has(e)).slice(0, 8).join('\n  ');
          assert.deepEqual(a, b, `after the states\n  ${done.join('\n  ')}\nonly the update's: ${only(a.edges, b.edges)}\nonly the fresh index's: ${only(b.edges, a.edges)}`);
        }
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    });

    it(`seed ${seed}: ${STEPS} random edits of the hub, each followed by a start from the cache`, async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-hub-prop-'));
      const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-hub-prop-cache-'));
      try {
        writeWorkspace(root);
        await indexWorkspace({ root, cacheDir });
        const rand = mulberry32(seed);
        let state: State = { run: 'run', get: 'get', gives: 'Foo', takes: 'Foo', extra: false, body: 0 };
        const done: string[] = [];
        let narrowed = 0;
        for (let step = 0; step < STEPS; step++) {
          const pick = Math.floor(rand() * toggles.length);
          state = toggles[pick](state);
          done.push(JSON.stringify(state));
          fs.writeFileSync(path.join(root, 'src/hub.ts'), hub(state));
          const logged: string[] = [];
          const started = await indexWorkspace({ root, cacheDir, logger: { info: (m) => logged.push(m), warn() {}, error() {} } });
          const fresh = await indexWorkspace({ root });
          const a = started.graph.snapshot();
          const b = fresh.graph.snapshot();
          const only = (x: string[], y: string[]) => x.filter((e) => !new Set(y).has(e)).slice(0, 8).join('\n  ');
          assert.deepEqual(a, b, `after the states\n  ${done.join('\n  ')}\nonly the cache start's: ${only(a.edges, b.edges)}\nonly the fresh index's: ${only(b.edges, a.edges)}\n${logged.filter((m) => m.startsWith('cache:')).join('\n')}`);
          const line = logged.find((m) => /^cache: \d+ files loaded, \d+ re-indexed/.test(m));
          if (line && Number(/(\d+) re-indexed/.exec(line)![1]) < 49) narrowed++;
        }
        // Not everything each time: the waves narrow at least one start (every dependent is 49 files).
        assert.ok(narrowed > 0, 'some start re-indexed fewer than the hub and all its dependents');
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
        fs.rmSync(cacheDir, { recursive: true, force: true });
      }
    });
  }
});
