import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

/** Every `.ts` file under `dir` (an explicit stack, no recursion), sorted so reports are stable. */
export function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop()!;
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.name.endsWith('.ts')) files.push(full);
    }
  }
  return files.sort();
}

/**
 * Each file's relative imports (static, type-only, re-exports, `require`, `import()`), resolved to
 * files of the same set. Bare specifiers (packages) are not edges; a relative import that resolves
 * to no file of the set is ignored too (the compiler reports it).
 */
export function importGraph(files: readonly string[], read: (file: string) => string = (f) => fs.readFileSync(f, 'utf8')): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(read(file), true, true);
    const targets: string[] = [];
    for (const ref of info.importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const target = resolveRelative(path.dirname(file), ref.fileName, known);
      if (target !== undefined && !targets.includes(target)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

function resolveRelative(fromDir: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  const base = path.resolve(fromDir, specifier);
  const withoutJs = base.replace(/\.(js|mjs|cjs)$/, '');
  for (const candidate of [base, `${base}.ts`, `${withoutJs}.ts`, path.join(base, 'index.ts')]) {
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The import cycles: one cycle (as a closed path of files, first file repeated last) per strongly
 * connected component with more than one file, or a file importing itself. Tarjan's algorithm
 * with an explicit stack of frames.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const componentStack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const frames: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next); low.set(root, next); next++;
    componentStack.push(root); onStack.add(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      const targets = graph.get(frame.node) ?? [];
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++];
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, next); low.set(target, next); next++;
          componentStack.push(target); onStack.add(target);
          frames.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = componentStack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components.map((component) => cycleWithin(graph, new Set(component)));
}

/** One closed path through a strongly connected component, found breadth-first from its smallest file. */
function cycleWithin(graph: ReadonlyMap<string, readonly string[]>, members: ReadonlySet<string>): string[] {
  const start = [...members].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head];
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const chain: string[] = [];
        for (let at = node; at !== start; at = cameFrom.get(at)!) chain.push(at);
        return [start, ...chain.reverse(), start];
      }
      if (!cameFrom.has(target)) { cameFrom.set(target, node); queue.push(target); }
    }
  }
  return [start, start];
}

/**
 * Pairs of sibling folders (same parent) that import each other, directly or from any file below
 * them: `a ↔ b` with one import each way as evidence. Paths are compared as given (use one root).
 * Files of the parent itself (`core/CodeGraph.ts`) are no folder: only folder↔folder counts.
 */
export function siblingFolderCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const leans = new Map<string, string>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const a = file.split('/');
      const b = target.split('/');
      let i = 0;
      while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i++;
      // a[i] and b[i] are the first differing entries under the common parent; both must be folders.
      if (i >= a.length - 1 || i >= b.length - 1) continue;
      const parent = a.slice(0, i).join('/');
      const key = `${parent}/${a[i]} → ${parent}/${b[i]}`;
      if (!leans.has(key)) leans.set(key, `${file} → ${target}`);
    }
  }
  const pairs: string[] = [];
  for (const [key, evidence] of leans) {
    const [from, to] = key.split(' → ');
    const back = leans.get(`${to} → ${from}`);
    if (back && from < to) pairs.push(`${from} ↔ ${to} (${evidence}; ${back})`);
  }
  return pairs.sort();
}
