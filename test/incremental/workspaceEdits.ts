import { posix } from 'path';
import { mulberry32 } from '../support/mulberry32';

/** A workspace held in memory: root-relative path → text. */
export type Files = Map<string, string>;

/** One edit: what it did (for the failure report) and the paths it touched. */
export interface Edit {
  label: string;
  changed: string[];
  deleted: string[];
  /** The full new text of each changed file, so a recorded edit replays exactly (needed to shrink failures). */
  writes?: Record<string, string>;
}

type Op = (files: Files, pick: <T>(xs: T[]) => T, n: number) => Edit | undefined;

const sourceFiles = (files: Files) => [...files.keys()].filter((f) => /\/f\d+\.tsx?$/.test(f) || /\/extra\d+\.ts$/.test(f)).sort();
const barrels = (files: Files) => [...files.keys()].filter((f) => f.endsWith('/index.ts')).sort();
const fnNames = (text: string) => [...text.matchAll(/export function (\w+)\(/g)].map((m) => m[1]);

function update(files: Files, file: string, text: string, label: string): Edit | undefined {
  if (files.get(file) === text) return undefined;
  files.set(file, text);
  return { label, changed: [file], deleted: [] };
}

/** The kinds of change a developer makes; each returns undefined when it does not apply. */
const OPS: Record<string, Op> = {
  renameFunction(files, pick, n) {
    const file = pick(sourceFiles(files));
    const fn = pick(fnNames(files.get(file)!));
    if (!fn) return undefined;
    return update(files, file, files.get(file)!.replace(`function ${fn}(`, `function ${fn}_r${n}(`), `rename ${fn} in ${file}`);
  },
  removeFunction(files, pick) {
    const file = pick(sourceFiles(files));
    const text = files.get(file)!;
    const fn = pick(fnNames(text));
    if (!fn) return undefined;
    const re = new RegExp(`export function ${fn}\\([^]*?\\n}\\n`);
    return update(files, file, text.replace(re, ''), `remove ${fn} from ${file}`);
  },
  addFunction(files, pick, n) {
    const file = pick(sourceFiles(files));
    const text = files.get(file)!;
    const callee = pick(fnNames(text));
    const body = callee ? `  return ${callee}(1);` : `  return 'x';`;
    return update(files, file, `${text}\nexport function added${n}(): string {\n${body}\n}\n`, `add added${n} to ${file}`);
  },
  moveFunction(files, pick) {
    // Same barrel, different file: importers through the barrel now resolve to another declaration.
    const from = pick(sourceFiles(files));
    const siblings = sourceFiles(files).filter((f) => f !== from && f.split('/').slice(0, -1).join('/') === from.split('/').slice(0, -1).join('/'));
    const to = pick(siblings);
    const text = files.get(from)!;
    const fn = pick(fnNames(text));
    if (!to || !fn) return undefined;
    const block = text.match(new RegExp(`export function ${fn}\\([^]*?\\n}\\n`));
    if (!block) return undefined;
    files.set(from, text.replace(block[0], ''));
    files.set(to, `${files.get(to)}\n${block[0].replace(/^ {2}\w+\(input \+ 1\);\n/gm, '')}`);
    return { label: `move ${fn} from ${from} to ${to}`, changed: [from, to], deleted: [] };
  },
  removeMethod(files, pick) {
    // Subclasses elsewhere that overrode it now override the next base up (or nothing).
    const file = pick(sourceFiles(files).filter((f) => / extends Service\d+/.test(files.get(f)!)));
    if (!file) return undefined;
    return update(files, file, files.get(file)!.replace(/ {2}load\(id: number\): string \{[^]*?\n {2}}\n/, ''), `remove load() from ${file}`);
  },
  changeCallSite(files, pick) {
    const file = pick(sourceFiles(files));
    const text = files.get(file)!;
    const calls = [...text.matchAll(/^ {2}(\w+)\(input \+ 1\);$/gm)].map((m) => m[1]);
    const own = fnNames(text);
    if (!calls.length || !own.length) return undefined;
    const from = pick(calls);
    return update(files, file, text.replace(`  ${from}(input + 1);`, `  ${pick(own)}(input + 2);`), `call site ${from} → local in ${file}`);
  },
  dropBarrelExport(files, pick) {
    const file = pick(barrels(files));
    const lines = files.get(file)!.split('\n').filter(Boolean);
    if (!lines.length) return undefined;
    const drop = pick(lines);
    return update(files, file, lines.filter((l) => l !== drop).join('\n') + '\n', `barrel ${file}: drop ${drop}`);
  },
  aliasReExport(files, pick, n) {
    const file = pick(barrels(files));
    const target = pick(sourceFiles(files).filter((f) => f.startsWith(file.replace('index.ts', ''))));
    if (!target) return undefined;
    const fn = pick(fnNames(files.get(target)!));
    if (!fn) return undefined;
    const spec = './' + target.split('/').pop()!.replace(/\.tsx?$/, '');
    return update(files, file, `${files.get(file)}export { ${fn} as alias${n} } from '${spec}';\n`, `barrel ${file}: export ${fn} as alias${n}`);
  },
  changeBaseClass(files, pick) {
    const file = pick(sourceFiles(files));
    const text = files.get(file)!;
    if (/ extends Service\d+/.test(text)) {
      return update(files, file, text.replace(/ extends Service\d+/, '').replace(/\n {4}super\(logger\);/, ''), `drop base class in ${file}`);
    }
    return update(files, file, text.replace(/ implements Store(\d+) \{/, ' implements Store$1, Logger {\n  log(message: string): void {\n    void message;\n  }'), `add implements Logger in ${file}`);
  },
  addFile(files, pick, n) {
    const module = pick(barrels(files)).replace('/index.ts', '');
    const file = `${module}/extra${n}.ts`;
    const target = pick(sourceFiles(files));
    const fn = pick(fnNames(files.get(target)!));
    const spec = '../' + target.split('/').slice(1, -1).join('/').replace(/^src\//, '') + '/' + target.split('/').pop()!.replace(/\.tsx?$/, '');
    const text = fn ? `import { ${fn} } from '${spec.replace('../m', '../m')}';\n\nexport function extra${n}(): string {\n  return ${fn}(1);\n}\n` : `export function extra${n}(): number {\n  return 1;\n}\n`;
    files.set(file, text);
    const barrel = `${module}/index.ts`;
    files.set(barrel, `${files.get(barrel)}export * from './extra${n}';\n`);
    return { label: `add ${file} (+ barrel)`, changed: [file, barrel], deleted: [] };
  },
  callMissing(files, pick, n) {
    // An import of a name the other file does not export yet (addMissing adds it later).
    const from = pick(sourceFiles(files));
    const to = pick(sourceFiles(files).filter((f) => f !== from));
    if (!to) return undefined;
    let spec = posix.relative(posix.dirname(from), to).replace(/\.tsx?$/, '');
    if (!spec.startsWith('.')) spec = `./${spec}`;
    const text = `import { future${n} } from '${spec}';\n${files.get(from)!}\nexport function callsFuture${n}(): number {\n  return future${n}();\n}\n`;
    return update(files, from, text, `${from} imports future${n} from ${to}, which lacks it`);
  },
  addMissing(files, pick) {
    // Only an export added: the files importing it must be re-extracted, the others need not be.
    const waiting: Array<[string, string]> = [];
    for (const f of sourceFiles(files)) {
      for (const m of files.get(f)!.matchAll(/^import \{ (future\d+) \} from '([^']+)';$/gm)) {
        const base = posix.normalize(posix.join(posix.dirname(f), m[2]));
        const target = [`${base}.ts`, `${base}.tsx`].find((t) => files.has(t));
        if (target && !files.get(target)!.includes(`function ${m[1]}(`)) waiting.push([target, m[1]]);
      }
    }
    const chosen = pick(waiting);
    if (!chosen) return undefined;
    const [file, name] = chosen;
    return update(files, file, `${files.get(file)!}\nexport function ${name}(): number {\n  return 1;\n}\n`, `add the awaited ${name} to ${file}`);
  },
  callStoreMember(files, pick, n) {
    // A call of an interface member that does not exist yet (addStoreMember adds it later).
    const from = pick(sourceFiles(files));
    const to = pick(sourceFiles(files).filter((f) => f !== from && /export interface Store\d+ \{/.test(files.get(f)!)));
    if (!to) return undefined;
    const store = /export interface (Store\d+) \{/.exec(files.get(to)!)![1];
    let spec = posix.relative(posix.dirname(from), to).replace(/\.tsx?$/, '');
    if (!spec.startsWith('.')) spec = `./${spec}`;
    const text = `import { ${store} as Awaited${n} } from '${spec}';\n${files.get(from)!}\nexport function usesStore${n}(s: Awaited${n}): void {\n  s.member${n}();\n}\n`;
    return update(files, from, text, `${from} calls ${store}.member${n}, which ${to} lacks`);
  },
  addStoreMember(files, pick) {
    // Only a member added to an interface: the files naming it must be re-extracted, the others need not be.
    const waiting: Array<[string, string, string]> = [];
    for (const f of sourceFiles(files)) {
      for (const m of files.get(f)!.matchAll(/^import \{ (Store\d+) as Awaited(\d+) \} from '([^']+)';$/gm)) {
        const base = posix.normalize(posix.join(posix.dirname(f), m[3]));
        const target = [`${base}.ts`, `${base}.tsx`].find((t) => files.has(t));
        if (target && files.get(target)!.includes(`export interface ${m[1]} {`) && !files.get(target)!.includes(`member${m[2]}(`)) waiting.push([target, m[1], `member${m[2]}`]);
      }
    }
    const chosen = pick(waiting);
    if (!chosen) return undefined;
    const [file, store, member] = chosen;
    return update(files, file, files.get(file)!.replace(`export interface ${store} {`, `export interface ${store} {\n  ${member}(): void;`), `add ${store}.${member} in ${file}`);
  },
  retypeStore(files, pick) {
    // An interface member's type changes: callers through it see another return type.
    const file = pick(sourceFiles(files).filter((f) => files.get(f)!.includes('  load(id: number): string;')));
    if (!file) return undefined;
    return update(files, file, files.get(file)!.replace('  load(id: number): string;', '  load(id: number): number;'), `retype load in ${file}'s Store`);
  },
  deleteFile(files, pick) {
    const file = pick(sourceFiles(files));
    files.delete(file);
    return { label: `delete ${file}`, changed: [], deleted: [file] };
  },
  renameFile(files, pick, n) {
    const file = pick(sourceFiles(files));
    const text = files.get(file)!;
    const to = file.replace(/(\.tsx?)$/, `_r${n}$1`);
    files.delete(file);
    files.set(to, text);
    return { label: `rename ${file} → ${to}`, changed: [to], deleted: [file] };
  },
  breakSyntax(files, pick) {
    const file = pick(sourceFiles(files));
    return update(files, file, files.get(file)!.replace('export function', 'export function (((\nexport function'), `syntax error in ${file}`);
  },
  fixSyntax(files) {
    const file = sourceFiles(files).find((f) => files.get(f)!.includes('(((\n'));
    if (!file) return undefined;
    return update(files, file, files.get(file)!.replace('export function (((\n', ''), `fix syntax in ${file}`);
  },
  editTsconfig(files, pick) {
    const config = JSON.parse(files.get('tsconfig.json')!);
    const victim = pick(sourceFiles(files));
    config.exclude = config.exclude?.length ? [] : [victim];
    return update(files, 'tsconfig.json', JSON.stringify(config, null, 2), `tsconfig exclude → ${JSON.stringify(config.exclude)}`);
  },
};

/** A seeded sequence of `count` applicable edits, replayable from the same seed and starting files. */
export function randomEdits(seed: number, count: number): (files: Files) => Edit[] {
  return (files) => {
    const rand = mulberry32(seed);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
    const names = Object.keys(OPS);
    const edits: Edit[] = [];
    for (let n = 0; edits.length < count && n < count * 5; n++) {
      const edit = OPS[pick(names)](files, pick, n);
      if (edit) edits.push({ ...edit, writes: Object.fromEntries(edit.changed.map((f) => [f, files.get(f)!])) });
    }
    return edits;
  };
}

