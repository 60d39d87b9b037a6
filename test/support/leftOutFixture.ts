import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/**
 * Issue 39, item 2: a small installed workspace (an npm workspace with `packages/*`, a root
 * node_modules) with what payload has too much of: an example app outside the workspace whose
 * dependencies are not installed (`examples/shop`, skipped by default), a generated folder and
 * tests (for --exclude). Written to a fresh temp dir; the caller removes it.
 */
export function writeLeftOutFixture(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tcg-leftout-'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  const tsconfig = JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', target: 'ES2022', types: [], noEmit: true }, include: ['src'] });
  write('package.json', JSON.stringify({ name: 'acme', private: true, workspaces: ['packages/*'] }));
  write('node_modules/.package-lock.json', '{}\n');
  write('packages/core/package.json', JSON.stringify({ name: '@acme/core', types: 'src/index.ts' }));
  write('packages/core/tsconfig.json', tsconfig);
  write('packages/core/src/index.ts', "export { price } from './price';\nexport { generatedTax } from './generated/tax';\n");
  write('packages/core/src/price.ts', "import { generatedTax } from './generated/tax';\nexport function price(n: number): number {\n  return n + generatedTax(n);\n}\n");
  write('packages/core/src/generated/tax.ts', 'export function generatedTax(n: number): number {\n  return n / 5;\n}\n');
  write('packages/core/src/price.test.ts', "import { price } from './price';\nexport function testPrice(): boolean {\n  return price(1) > 1;\n}\n");
  write('packages/app/package.json', JSON.stringify({ name: '@acme/app', dependencies: { '@acme/core': '*' } }));
  write('packages/app/tsconfig.json', tsconfig);
  write('packages/app/src/main.ts', "import { price } from '@acme/core';\nexport function checkout(): number {\n  return price(10);\n}\n");
  fs.mkdirSync(path.join(root, 'node_modules/@acme'), { recursive: true });
  for (const p of ['app', 'core']) fs.symlinkSync(path.join(root, 'packages', p), path.join(root, 'node_modules/@acme', p), 'dir');
  // An example app outside the workspace, taking @acme/core from the registry, never installed.
  write('examples/shop/package.json', JSON.stringify({ name: 'shop-example', private: true, dependencies: { '@acme/core': '^1.0.0', react: '^19.0.0' } }));
  write('examples/shop/tsconfig.json', tsconfig);
  write('examples/shop/src/page.ts', "import { price } from '@acme/core';\nexport function page(): number {\n  return price(3);\n}\n");
  return root;
}
