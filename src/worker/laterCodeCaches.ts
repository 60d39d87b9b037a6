import type { CachedModule } from './codeCache';

/**
 * Modules of the worker's core loaded from V8's code cache after the core itself (the bundled
 * TypeScript, dist/typescript.js: bundledTypeScript.ts): their code is kept for the next start
 * whenever the core's is (graphWorker). A module loaded only later than that is kept at the next.
 */
const later: CachedModule[] = [];

export function loadedLater(module: CachedModule): void {
  later.push(module);
}

/** Keeps each one's code for the next start; a module's cache is written once, and only when it was compiled from source. */
export function saveLaterCodeCaches(): void {
  for (const m of later) m.saveCodeCache();
}
