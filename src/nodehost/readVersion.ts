import * as fs from 'fs';
import * as path from 'path';

const PACKAGE_NAME = 'ts-code-graph';

/**
 * The version from our package.json, found by walking up from this file: that is `../` from the
 * bundle (`dist/cli.js`) and `../../../` from the tsc output (`out/src/cli/`), so neither build needs
 * a define. Other package.json files on the way (a fixture's, a parent project's) are skipped by name.
 */
export function readVersion(startDir: string = __dirname): string {
  for (let dir = startDir; ; dir = path.dirname(dir)) {
    const version = versionIn(path.join(dir, 'package.json'));
    if (version) return version;
    if (path.dirname(dir) === dir) return 'unknown';
  }
}

function versionIn(file: string): string | undefined {
  try {
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
    return pkg.name === PACKAGE_NAME && typeof pkg.version === 'string' ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}
