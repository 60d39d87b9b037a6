/**
 * Golden cases: each runs `ts-code-graph --root test/fixtures/<fixture> <argv...>` and compares
 * exit code, stdout and stderr with `test/golden/<fixture>/<name>.txt`.
 * Add a case here, then `npm run golden:accept` and review the new file before committing it.
 */
export interface GoldenCase {
  /** Folder under test/fixtures/ (and under test/golden/). */
  fixture: string;
  /** File name under test/golden/<fixture>/, without `.txt`. */
  name: string;
  /** CLI arguments after `--root <fixture>`. */
  argv: string[];
}

const HANDLER = 'src/api/handler.ts';
const FORMAT = 'src/utils/format.ts';
const ORDERS = 'src/orders/orderService.ts';
const QUERIES = 'src/db/queries.ts';

export const goldenCases: GoldenCase[] = [
  // The three queries, the spec's own examples.
  { fixture: 'sample', name: 'dependentsOf-formatDate', argv: ['dependentsOf', FORMAT, 'formatDate'] },
  { fixture: 'sample', name: 'dependenciesOf-processOrder', argv: ['dependenciesOf', ORDERS, 'processOrder'] },
  { fixture: 'sample', name: 'dependenciesOf-handleRequest', argv: ['dependenciesOf', HANDLER, 'handleRequest'] },
  { fixture: 'sample', name: 'dependentsOf-executeQuery', argv: ['dependentsOf', QUERIES, 'executeQuery'] },
  {
    fixture: 'sample',
    name: 'pathsBetween-handleRequest-executeQuery',
    argv: ['pathsBetween', HANDLER, 'handleRequest', QUERIES, 'executeQuery'],
  },
  // Bidirectional: asking the wrong way round finds the same path, arrows in true direction.
  {
    fixture: 'sample',
    name: 'pathsBetween-executeQuery-handleRequest',
    argv: ['pathsBetween', QUERIES, 'executeQuery', HANDLER, 'handleRequest'],
  },

  // Other formats of one answer.
  { fixture: 'sample', name: 'mermaid-dependentsOf-formatDate', argv: ['dependentsOf', FORMAT, 'formatDate', '--format', 'mermaid'] },
  {
    fixture: 'sample',
    name: 'mermaid-pathsBetween-handleRequest-executeQuery',
    argv: ['pathsBetween', HANDLER, 'handleRequest', QUERIES, 'executeQuery', '--format', 'mermaid'],
  },
  { fixture: 'sample', name: 'json-dependenciesOf-processOrder', argv: ['dependenciesOf', ORDERS, 'processOrder', '--format', 'json'] },

  // Bad input: messages are results (exit 2, stderr only), and their wording is part of the contract.
  { fixture: 'sample', name: 'error-unknown-symbol', argv: ['dependenciesOf', ORDERS, 'noSuchSymbol'] },
  { fixture: 'sample', name: 'error-unknown-file', argv: ['dependentsOf', 'src/utils/noSuchFile.ts', 'formatDate'] },
  { fixture: 'sample', name: 'error-same-symbol', argv: ['pathsBetween', FORMAT, 'formatDate', FORMAT, 'formatDate'] },

  // Edges that exist only through types the compiler infers from the standard library (Array
  // callbacks, await, Promise.all, Map.get, destructuring, union narrowing). The bundles once ran
  // without lib.*.d.ts and lost every one of them: test/artifacts runs these same cases on dist/cli.js.
  { fixture: 'stdlib-inference', name: 'dependentsOf-TableColumn.clone', argv: ['dependentsOf', 'src/TableColumn.ts', 'TableColumn.clone'] },
  { fixture: 'stdlib-inference', name: 'dependentsOf-Widget.render', argv: ['dependentsOf', 'src/widget.ts', 'Widget.render'] },
  { fixture: 'stdlib-inference', name: 'dependenciesOf-viaNarrowing', argv: ['dependenciesOf', 'src/uses.ts', 'viaNarrowing'] },

  // CommonJS and prototype-style JavaScript (issue 11): require(), exports.f, expandos, X.prototype.m,
  // constructor functions, this.m(), JSDoc receivers; the built CLI runs these too (test/artifacts).
  { fixture: 'commonjs-repro', name: 'dependentsOf-compileTrust', argv: ['dependentsOf', 'utils.js', 'compileTrust'] },
  { fixture: 'commonjs-repro', name: 'dependenciesOf-app.init', argv: ['dependenciesOf', 'app.js', 'app.init'] },
  { fixture: 'commonjs-repro', name: 'dependentsOf-Route.prototype.handle', argv: ['dependentsOf', 'route.js', 'Route.prototype.handle'] },
  { fixture: 'js-shapes', name: 'dependentsOf-Queue.size', argv: ['dependentsOf', 'lib/shapes.js', 'Queue.size'] },
  { fixture: 'js-shapes', name: 'dependenciesOf-createServer', argv: ['dependenciesOf', 'lib/createServer.js', 'createServer'] },
  { fixture: 'express-4.21.2', name: 'dependenciesOf-app.init', argv: ['dependenciesOf', 'lib/application.js', 'app.init'] },

  // Locations an agent reads next (issue 33): overloads with JSDoc between their signatures span to
  // the end of their implementation, a module node spans its call lines in the answer, pathsBetween's
  // ends show where they call, and above 15 nodes each block keeps a `calls at:` line.
  { fixture: 'overloads', name: 'dependenciesOf-run', argv: ['dependenciesOf', 'src/main.ts', 'run'] },
  { fixture: 'overloads', name: 'dependentsOf-map', argv: ['dependentsOf', 'src/map.ts', 'map'] },
  { fixture: 'overloads', name: 'dependentsOf-Repository.persist', argv: ['dependentsOf', 'src/repository.ts', 'Repository.persist'] },
  { fixture: 'overloads', name: 'pathsBetween-run-map', argv: ['pathsBetween', 'src/main.ts', 'run', 'src/map.ts', 'map'] },
  { fixture: 'overloads', name: 'pathsBetween-map-run', argv: ['pathsBetween', 'src/map.ts', 'map', 'src/main.ts', 'run'] },
  { fixture: 'overloads', name: 'dependentsOf-trace', argv: ['dependentsOf', 'src/many.ts', 'trace'] },

  // The cut (issue 41): the code of every depth in detail before the tests (the commands two calls
  // away and main three), a test helper with the tests; the rest named under ## More by folder and
  // file, each `name:line` askable as is; the static and the instance Store.save told apart.
  { fixture: 'hub-tests', name: 'dependentsOf-Store.save', argv: ['dependentsOf', 'src/store/Store.ts', 'instance Store.save'] },
  { fixture: 'hub-tests', name: 'json-dependentsOf-Store.save', argv: ['dependentsOf', 'src/store/Store.ts', 'instance Store.save', '--format', 'json'] },
];
