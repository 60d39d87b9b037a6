import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { REAL_CACHE } from './realWorkspace';

/**
 * fastify 5.12.8, a Node web framework written with objects made by factories (`noopSet`,
 * `buildRouting`, the instance literal in fastify.js) and `Object.defineProperties(Reply.prototype,
 * { … })`: before issue 41 only 86.5 % of its named functions were nodes. Its own code (fastify.js,
 * lib/, package.json, LICENSE), not its dependencies, tests or typings: what is measured is the
 * framework's JavaScript, as koa's is.
 */
export const FASTIFY = { spec: 'fastify@5.12.8', keep: ['fastify.js', 'lib', 'package.json', 'LICENSE'] };

/**
 * A package's sources fetched from the npm registry (`npm pack` of an exact version) the first time
 * into `.cache/real-workspaces/` (gitignored) and reused: nothing vendored. Only `keep` is kept.
 * Returns the root; throws a message naming the package when npm cannot fetch it.
 */
export function ensurePackageSources(pkg: { spec: string; keep: string[] }): string {
  const dir = path.join(REAL_CACHE, pkg.spec.replace(/^@/, '').replace(/[/@]/g, '-'));
  const root = path.join(dir, 'package');
  const marker = path.join(dir, '.ready');
  const want = JSON.stringify(pkg);
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === want) return root;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const quiet = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  try {
    const tgz = execFileSync(npm, ['pack', pkg.spec, '--silent'], { cwd: dir, env: quiet, encoding: 'utf8' }).trim().split('\n').pop()!;
    execFileSync('tar', ['xzf', tgz], { cwd: dir });
    fs.rmSync(path.join(dir, tgz));
  } catch (e) {
    throw new Error(`could not fetch ${pkg.spec} from the npm registry into ${dir}: ${(e as Error).message.split('\n')[0]}. The JavaScript coverage of it needs the npm registry once; later runs reuse the folder.`);
  }
  for (const entry of fs.readdirSync(root)) if (!pkg.keep.includes(entry)) fs.rmSync(path.join(root, entry), { recursive: true, force: true });
  fs.writeFileSync(marker, want);
  return root;
}
