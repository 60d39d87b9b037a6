import * as assert from 'node:assert/strict';
import { CliRequest, parseCliArgs } from '../../src/cli/parseCliArgs';

function badInputMessage(request: CliRequest): string {
  assert.equal(request.kind, 'bad-input', `expected bad input, got ${JSON.stringify(request)}`);
  return (request as { message: string }).message;
}

describe(parseCliArgs.name, () => {
  it('reads the three queries with root-relative files and qualified symbols', () => {
    assert.deepEqual(parseCliArgs(['dependenciesOf', 'src/orders/orderService.ts', 'processOrder']), {
      kind: 'run',
      command: { name: 'query', request: { query: 'dependenciesOf', file_path: 'src/orders/orderService.ts', symbol: 'processOrder' } },
      options: { root: undefined, tsconfig: undefined, format: 'text', verbose: false, noCache: false, exclude: [] },
    });
    assert.deepEqual(parseCliArgs(['dependentsOf', 'src/a.ts', 'User.save']), {
      kind: 'run',
      command: { name: 'query', request: { query: 'dependentsOf', file_path: 'src/a.ts', symbol: 'User.save' } },
      options: { root: undefined, tsconfig: undefined, format: 'text', verbose: false, noCache: false, exclude: [] },
    });
    const paths = parseCliArgs(['pathsBetween', 'src/api/handler.ts', 'handleRequest', 'src/db/queries.ts', 'executeQuery']);
    assert.deepEqual(paths.kind === 'run' && paths.command, {
      name: 'query',
      request: { query: 'pathsBetween', from: { file_path: 'src/api/handler.ts', symbol: 'handleRequest' }, to: { file_path: 'src/db/queries.ts', symbol: 'executeQuery' } },
    });
  });

  it('takes options before, between and after the positionals, in both --opt v and --opt=v forms', () => {
    const request = parseCliArgs(['--root', 'ws', 'dependentsOf', '--format=json', 'src/a.ts', 'f', '--verbose', '--tsconfig', 'ws/tsconfig.json']);
    assert.deepEqual(request, {
      kind: 'run',
      command: { name: 'query', request: { query: 'dependentsOf', file_path: 'src/a.ts', symbol: 'f' } },
      options: { root: 'ws', tsconfig: 'ws/tsconfig.json', format: 'json', verbose: true, noCache: false, exclude: [] },
    });
  });

  it('defaults the format per command: text for queries and stats, json for export', () => {
    const format = (argv: string[]) => {
      const request = parseCliArgs(argv);
      return request.kind === 'run' ? request.options.format : request.kind;
    };
    assert.equal(format(['dependentsOf', 'a.ts', 'f']), 'text');
    assert.equal(format(['stats']), 'text');
    assert.equal(format(['export']), 'json');
    assert.equal(format(['export', '--format', 'json']), 'json');
    assert.equal(format(['stats', '--format', 'json']), 'json');
    assert.equal(format(['pathsBetween', 'a.ts', 'f', 'b.ts', 'g', '--format', 'mermaid']), 'mermaid');
  });

  it('takes --exclude once per glob, for every command and mcp; a blank glob is bad input', () => {
    const run = parseCliArgs(['--exclude', 'examples', 'stats', '--exclude=templates/with-*']);
    assert.deepEqual(run.kind === 'run' && run.options.exclude, ['examples', 'templates/with-*']);
    const mcp = parseCliArgs(['mcp', '--exclude', 'test']);
    assert.deepEqual(mcp.kind === 'run' && mcp.options.exclude, ['test']);
    assert.deepEqual(parseCliArgs(['stats', '--exclude', ' ']), {
      kind: 'bad-input',
      message: '--exclude needs a glob, relative to --root, e.g. --exclude examples or --exclude "templates/with-*".',
    });
  });

  it('answers --help and --version before anything else, even next to a bad command', () => {
    assert.deepEqual(parseCliArgs(['--help']), { kind: 'help' });
    assert.deepEqual(parseCliArgs(['-h']), { kind: 'help' });
    assert.deepEqual(parseCliArgs(['dependentsOf', '--help']), { kind: 'help' });
    assert.deepEqual(parseCliArgs(['nonsense', '--help']), { kind: 'help' });
    assert.deepEqual(parseCliArgs(['--version']), { kind: 'version' });
  });

  it('rejects a missing command and lists the commands', () => {
    assert.match(badInputMessage(parseCliArgs([])), /Missing command\. Commands: dependenciesOf, dependentsOf, pathsBetween, impact, export, stats, mcp, stop\./);
    assert.match(badInputMessage(parseCliArgs(['--root', '.'])), /Missing command/);
  });

  it('rejects an unknown command, suggesting the camelCase name for a near miss', () => {
    assert.equal(badInputMessage(parseCliArgs(['dependents-of', 'a.ts', 'f'])), "Unknown command 'dependents-of'. Did you mean 'dependentsOf'?");
    assert.equal(badInputMessage(parseCliArgs(['DEPENDENCIESOF'])), "Unknown command 'DEPENDENCIESOF'. Did you mean 'dependenciesOf'?");
    assert.match(badInputMessage(parseCliArgs(['callers', 'a.ts', 'f'])), /^Unknown command 'callers'\. Commands: dependenciesOf, /);
    // Object.prototype names are not commands.
    assert.match(badInputMessage(parseCliArgs(['toString'])), /^Unknown command 'toString'/);
  });

  it('rejects too few or too many arguments with the command signature', () => {
    assert.equal(
      badInputMessage(parseCliArgs(['dependentsOf', 'src/a.ts'])),
      'dependentsOf takes 2 arguments, got 1. Usage: ts-code-graph dependentsOf <file> <symbol>',
    );
    assert.equal(
      badInputMessage(parseCliArgs(['pathsBetween', 'a.ts', 'f', 'b.ts'])),
      'pathsBetween takes 4 arguments, got 3. Usage: ts-code-graph pathsBetween <fromFile> <fromSymbol> <toFile> <toSymbol>',
    );
    assert.equal(badInputMessage(parseCliArgs(['export', 'extra'])), 'export takes no arguments, got 1. Usage: ts-code-graph export');
    assert.match(badInputMessage(parseCliArgs(['dependenciesOf', 'a.ts', 'f', 'g'])), /takes 2 arguments, got 3/);
  });

  it('rejects empty arguments', () => {
    assert.match(badInputMessage(parseCliArgs(['dependentsOf', 'src/a.ts', ''])), /^Empty argument for dependentsOf: /);
  });

  it('rejects a file or symbol over the tools\' limit, as every host does', () => {
    assert.match(badInputMessage(parseCliArgs(['dependentsOf', 'x'.repeat(5000), 'f'])), /^Invalid input: <file> is 5000 characters long; at most 4096 are accepted\. Pass the path of the file/);
    assert.match(badInputMessage(parseCliArgs(['pathsBetween', 'a.ts', 'f', 'b.ts', 'y'.repeat(4097)])), /^Invalid input: <toSymbol> is 4097 characters long; .* not 'y{40}… \(4097 characters\)'\.$/);
    assert.equal(parseCliArgs(['dependentsOf', 'x'.repeat(4096), 'f']).kind, 'run');
  });

  it('rejects a format the command does not have, naming the ones it does', () => {
    assert.equal(badInputMessage(parseCliArgs(['dependentsOf', 'a.ts', 'f', '--format', 'xml'])), '--format xml is not available for dependentsOf; use text or json or mermaid or html.');
    assert.equal(badInputMessage(parseCliArgs(['stats', '--format', 'mermaid'])), '--format mermaid is not available for stats; use text or json.');
    assert.equal(badInputMessage(parseCliArgs(['export', '--format', 'text'])), '--format text is not available for export; use json.');
  });

  it('rejects unknown options and options without their value', () => {
    assert.equal(
      badInputMessage(parseCliArgs(['stats', '--cache-dir'])),
      "Unknown option '--cache-dir'. Options: --root, --tsconfig, --format, --verbose, --no-cache, --exclude, --base, --staged, --fail-on, --help, --version.",
    );
    assert.match(badInputMessage(parseCliArgs(['stats', '--depth', '3'])), /^Unknown option '--depth'\. Options: /);
    assert.match(badInputMessage(parseCliArgs(['stats', '--root'])), /--root/);
    assert.match(badInputMessage(parseCliArgs(['stats', '--verbose=yes'])), /--verbose/);
  });

  it("stop (the workspace's daemon) takes the workspace options and no arguments", () => {
    assert.deepEqual(parseCliArgs(['stop', '--root', 'ws', '--exclude', 'examples']), {
      kind: 'run',
      command: { name: 'stop' },
      options: { root: 'ws', tsconfig: undefined, format: 'text', verbose: false, noCache: false, exclude: ['examples'] },
    });
    assert.match(badInputMessage(parseCliArgs(['stop', 'now'])), /^stop takes no arguments, got 1/);
  });

  it('mcp takes --root and --tsconfig, no arguments and no other format', () => {
    assert.deepEqual(parseCliArgs(['mcp', '--root', 'ws', '--tsconfig', 'ws/tsconfig.json']), {
      kind: 'run',
      command: { name: 'mcp' },
      options: { root: 'ws', tsconfig: 'ws/tsconfig.json', format: 'text', verbose: false, noCache: false, exclude: [] },
    });
    assert.match(badInputMessage(parseCliArgs(['mcp', 'src/a.ts'])), /^mcp takes no arguments, got 1/);
    assert.match(badInputMessage(parseCliArgs(['mcp', '--format', 'json'])), /--format json is not available for mcp/);
  });

  it('impact: the working tree by default, --base or --staged, --fail-on as a list, markdown as a format', () => {
    const command = (argv: string[]) => {
      const r = parseCliArgs(argv);
      return r.kind === 'run' ? r.command : r;
    };
    assert.deepEqual(command(['impact']), { name: 'impact', base: { kind: 'working-tree' }, failOn: [] });
    assert.deepEqual(command(['impact', '--base', 'origin/main', '--fail-on', 'removed-export,changed-export', '--fail-on', 'removed-export']), {
      name: 'impact',
      base: { kind: 'ref', ref: 'origin/main' },
      failOn: ['removed-export', 'changed-export'],
    });
    assert.deepEqual(command(['impact', '--staged']), { name: 'impact', base: { kind: 'staged' }, failOn: [] });
    const md = parseCliArgs(['impact', '--format', 'markdown', '--no-cache']);
    assert.deepEqual(md.kind === 'run' && md.options, { root: undefined, tsconfig: undefined, format: 'markdown', verbose: false, noCache: true, exclude: [] });
    assert.equal(badInputMessage(parseCliArgs(['impact', '--base', 'main', '--staged'])), 'Use either --base <ref> or --staged, not both.');
    assert.equal(badInputMessage(parseCliArgs(['impact', '--fail-on', 'removed-exports'])), "Unknown --fail-on value 'removed-exports'. Use removed-export, changed-export, removed, any (comma-separated for several).");
    assert.equal(badInputMessage(parseCliArgs(['impact', 'src/a.ts'])), 'impact takes no arguments, got 1. Usage: ts-code-graph impact');
    assert.equal(badInputMessage(parseCliArgs(['dependentsOf', 'a.ts', 'f', '--fail-on', 'any'])), '--fail-on belongs to impact, not dependentsOf.');
    assert.match(badInputMessage(parseCliArgs(['dependentsOf', 'a.ts', 'f', '--format', 'markdown'])), /--format markdown is not available for dependentsOf/);
  });
});
