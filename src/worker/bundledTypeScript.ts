// `typescript` inside dist/workerCore.js (esbuild.mjs maps it here): TypeScript 6 from its own file
// beside the bundle, dist/typescript.js, compiled from V8's code cache like the core (codeCache.ts).
// Evaluated at the first use of the bundled TypeScript (loadTypeScript's lazy stand-in), so a start
// that needs none of it (TypeScript 7 with the graph cache: a query after an edit, a warm query) no
// longer reads and deserializes TypeScript's 9 MB with the core's 2.
import * as fs from 'fs';
import * as path from 'path';
import { workerData } from 'worker_threads';
import { requireWithCodeCache } from './codeCache';
import { loadedLater } from './laterCodeCaches';

const data = (workerData ?? {}) as { codeCacheDir?: string };
const file = path.join(__dirname, 'typescript.js');
if (!fs.existsSync(file)) throw new Error(`TypeScript 6 (${file}) is missing beside the bundle: install ts-code-graph again`);
const loaded = requireWithCodeCache(file, data.codeCacheDir);
loadedLater(loaded);

module.exports = loaded.exports;
