import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import * as skeletonModule from '../../src/core/indexer/incremental/declarationSkeleton';
import { pinnedNative } from '../../src/core/compiler/native/nativeModules';
import { indexWorkspace } from '../../src/core/indexer/indexWorkspace';
import { writeWorkspace } from '../support/hostileWorkspace';

/**
 * A full index works out each file's declaration skeleton (what a start from the cache compares after
 * the file changed) once. With TypeScript 7 the next file's is worked out while the compiler answers
 * for the file before it; its own turn takes that one. It once looked for it only after that turn had
 * worked out the following file's, found the wrong file's, and walked every file a second time.
 */
describe('a full index works out each file skeleton once', function () {
  this.timeout(120_000);
  let root: string;
  before(() => {
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'esnext', moduleResolution: 'bundler', noEmit: true, types: [] }, include: ['src'] }),
      'src/base.ts': 'export function base(n: number): number {\n  return n + 1;\n}\n',
    };
    for (let i = 1; i <= 8; i++) {
      files[`src/step${i}.ts`] =
        `import { base } from './base';\n\nexport interface Step${i} { run(n: number): number }\n\n` +
        `export function step${i}(n: number) {\n  return base(n) * ${i};\n}\n\nexport const twice${i} = (n: number): number => step${i}(step${i}(n));\n`;
    }
    root = writeWorkspace('tcg-skeleton-once-', files);
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  for (const compiler of ['native', 'inprocess'] as const) {
    it(`${compiler}: one skeleton per file, and every file has it`, async function () {
      if (compiler === 'native' && 'problem' in pinnedNative()) return this.skip(); // no native compiler on this platform
      const counts = new Map<string, number>();
      const real = skeletonModule.declarationSkeleton;
      (skeletonModule as { declarationSkeleton: typeof real }).declarationSkeleton = (ts, sf) => {
        const rel = path.relative(root, sf.fileName);
        counts.set(rel, (counts.get(rel) ?? 0) + 1);
        return real(ts, sf);
      };
      try {
        const { index, graph } = await indexWorkspace({ root, compiler });
        try {
          assert.equal(index.compiler.kind, compiler);
          const files = graph.files().sort();
          assert.equal(files.length, 9);
          assert.deepEqual(
            files.map((f) => `${f}: ${counts.get(f) ?? 0}`),
            files.map((f) => `${f}: 1`),
          );
          // Each file keeps a skeleton, its own (the files declare different names: nine different skeletons).
          const skeletons = files.map((f) => graph.getContribution(f)?.skeleton);
          for (const [i, s] of skeletons.entries()) assert.ok(s, `${files[i]} has no skeleton`);
          assert.equal(new Set(skeletons).size, files.length);
        } finally {
          index.dispose();
        }
      } finally {
        (skeletonModule as { declarationSkeleton: typeof real }).declarationSkeleton = real;
      }
    });
  }
});
