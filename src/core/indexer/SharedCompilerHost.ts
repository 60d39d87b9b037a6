import type * as TS from 'typescript';

/**
 * One source-file cache for every project of the workspace, the job a DocumentRegistry does in
 * the language service: the standard library's .d.ts files (and files shared by packages of a
 * monorepo) are parsed once, not once per tsconfig. Parsing and binding depend only on the file
 * text and the parse settings in the key, so sharing the SourceFile objects is safe.
 */
export class SharedCompilerHost {
  private readonly cache = new Map<string, TS.SourceFile>();

  constructor(private readonly ts: typeof TS) {}

  hostFor(options: TS.CompilerOptions): TS.CompilerHost {
    const ts = this.ts;
    const host = ts.createCompilerHost(options, true);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
      const key = cacheKey(fileName, languageVersionOrOptions);
      const cached = shouldCreateNewSourceFile ? undefined : this.cache.get(key);
      if (cached) return cached;
      const sf = read(fileName, languageVersionOrOptions, onError);
      if (sf) this.cache.set(key, sf);
      return sf;
    };
    // JSDoc matters for types in JS files only; skipping it elsewhere makes parsing cheaper.
    const mode = (ts as { JSDocParsingMode?: { ParseForTypeErrors: number } }).JSDocParsingMode;
    if (mode) (host as { jsDocParsingMode?: number }).jsDocParsingMode = mode.ParseForTypeErrors;
    return host;
  }

  /** Forget a file's parse (it changed or was deleted on disk). */
  invalidate(fileName: string): void {
    const prefix = fileName + '|';
    for (const key of [...this.cache.keys()]) if (key.startsWith(prefix)) this.cache.delete(key);
  }

  clear(): void {
    this.cache.clear();
  }
}

function cacheKey(fileName: string, v: TS.ScriptTarget | TS.CreateSourceFileOptions): string {
  if (typeof v === 'number') return `${fileName}|${v}`;
  return `${fileName}|${v.languageVersion}|${v.impliedNodeFormat ?? ''}|${v.jsDocParsingMode ?? ''}`;
}
