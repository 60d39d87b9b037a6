import * as assert from 'node:assert/strict';
import { formatText } from '../../src/core/format/formatText';
import { fileWith, memorySource } from '../support/memorySource';
import { parseText, snippetCoverage } from '../support/parseText';
import { call, fn, graph } from '../support/results';

/** Golden tests: spec 000's examples (with spec 004 `>` marks), expected text written out literally. */
describe(formatText.name, () => {
  it('renders the linear chain on one line with call-site marks (spec 000 + 004)', () => {
    const steps = ['step02', 'step03', 'step04', 'step05'];
    const source = memorySource(Object.fromEntries(['entry', ...steps].map((name, i, all) => [`src/${name}.ts`, stepFile(name, all[i + 1])])));
    const nodes = [fn('entry', 'src/entry.ts', 3, 3), ...steps.map((s) => fn(s, `src/${s}.ts`, 3, 3))];
    const edges = nodes.slice(1).map((to, i) => call(nodes[i], to, [4]));
    const text = formatText(graph(nodes, edges, ['entry']), source);
    assert.equal(
      text,
      `## Graph

entry --CALLS--> step02 --CALLS--> step03 --CALLS--> step04 --CALLS--> step05

## Nodes

step02:
  file: src/step02.ts
  offset: 3, limit: 3
  snippet:
    3: export function step02(): string {
  > 4:   return step03() + "-02";
    5: }

step03:
  file: src/step03.ts
  offset: 3, limit: 3
  snippet:
    3: export function step03(): string {
  > 4:   return step04() + "-03";
    5: }

step04:
  file: src/step04.ts
  offset: 3, limit: 3
  snippet:
    3: export function step04(): string {
  > 4:   return step05() + "-04";
    5: }

step05:
  file: src/step05.ts
  offset: 3, limit: 3
  snippet:
    3: export function step05(): string {
    4:   return "05";
    5: }
`,
    );
  });

  it('starts a branch line with its branch point and skips unreadable files silently', () => {
    const [a, b, c, d] = ['A', 'B', 'C', 'D'].map((n, i) => fn(n, `src/${n.toLowerCase()}.ts`, 1 + i, 2));
    const text = formatText(graph([a, b, c, d], [call(a, b), call(b, c), call(b, d)], ['A']), memorySource({}));
    assert.equal(
      text,
      `## Graph

A --CALLS--> B --CALLS--> C
B --CALLS--> D

## Nodes

B:
  file: src/b.ts
  offset: 2, limit: 2

C:
  file: src/c.ts
  offset: 3, limit: 2

D:
  file: src/d.ts
  offset: 4, limit: 2
`,
    );
  });

  it("renders spec 000's merge example with exact omission counts and an external leaf", () => {
    const formatDate = fn('formatDate', 'src/utils.ts', 15, 3);
    const handleRequest = fn('handleRequest', 'src/api/handler.ts', 10, 25);
    const processOrder = fn('processOrder', 'src/orders/service.ts', 42, 30);
    const toISOString = { ...fn('toISOString', 'node_modules/date-fns/index.ts', 120, 3), external: true };
    const source = memorySource({
      'src/utils.ts': fileWith(20, {
        15: 'function formatDate(timestamp: number): string {',
        16: '  return new Date(timestamp).toISOString();',
        17: '}',
      }),
      'src/api/handler.ts': fileWith(40, {
        10: 'export async function handleRequest(req: Request): Promise<Response> {',
        17: '  const timestamp = req.body.timestamp;',
        18: '  const date = formatDate(timestamp);',
        19: '  if (date) {',
        34: '}',
      }),
      'src/orders/service.ts': fileWith(80, {
        42: 'export function processOrder(order: Order): Result {',
        54: '  const stamp = order.createdAt;',
        55: '  const label = formatDate(stamp);',
        56: '  audit(label);',
        71: '}',
      }),
      'node_modules/date-fns/index.ts': fileWith(200, {}),
    });
    // The spec's example lists all four nodes in Nodes, so no input is left out here.
    const result = graph(
      [formatDate, handleRequest, processOrder, toISOString],
      [call(handleRequest, formatDate, [18]), call(processOrder, formatDate, [55]), call(formatDate, toISOString, [16])],
      [],
    );
    const text = formatText(result, source);
    assert.equal(
      text,
      `## Graph

handleRequest --CALLS--> formatDate --CALLS--> toISOString
processOrder --CALLS--> formatDate

## Nodes

formatDate:
  file: src/utils.ts
  offset: 15, limit: 3
  snippet:
    15: function formatDate(timestamp: number): string {
  > 16:   return new Date(timestamp).toISOString();
    17: }

handleRequest:
  file: src/api/handler.ts
  offset: 10, limit: 25
  snippet:
    10: export async function handleRequest(req: Request): Promise<Response> {
    ... omitted 6 lines ...
    17:   const timestamp = req.body.timestamp;
  > 18:   const date = formatDate(timestamp);
    19:   if (date) {
    ... omitted 15 lines ...

processOrder:
  file: src/orders/service.ts
  offset: 42, limit: 30
  snippet:
    42: export function processOrder(order: Order): Result {
    ... omitted 11 lines ...
    54:   const stamp = order.createdAt;
  > 55:   const label = formatDate(stamp);
    56:   audit(label);
    ... omitted 15 lines ...

toISOString:
  file: node_modules/date-fns/index.ts
  offset: 120, limit: 3
`,
    );
    // The spec's own processOrder example says 2 + 25 + 2 lines for limit 30; ours must add up.
    for (const block of parseText(text).blocks) {
      if (block.snippet) assert.equal(snippetCoverage(block.snippet), block.limit, block.name);
    }
    assert.ok(!source.reads.includes('node_modules/date-fns/index.ts'), 'an external node is never read');
  });

  it('numbers names shared by different nodes (#N, result order) and leaves inputs out of Nodes', () => {
    const handleRequest = fn('handleRequest', 'src/api/handler.ts', 10, 25);
    const formatDate1 = fn('formatDate', 'src/api/utils.ts', 15, 1);
    const formatDate2 = fn('formatDate', 'src/legacy/utils.ts', 42, 3);
    const toISOString = { ...fn('toISOString', 'node_modules/typescript/lib/lib.es5.d.ts', 900, 1), external: true };
    const parseDate = fn('parseDate', 'src/legacy/parse.ts', 3, 1);
    const source = memorySource({
      'src/api/utils.ts': fileWith(15, { 15: 'export const formatDate = (d: Date) => d.toISOString();' }),
      'src/legacy/utils.ts': fileWith(44, {
        42: 'function formatDate(d: Date): string {',
        43: '  return parseDate(d).format("YYYY-MM-DD");',
        44: '}',
      }),
      'src/legacy/parse.ts': fileWith(3, { 3: 'export const parseDate = (d: Date) => moment(d);' }),
    });
    const result = graph(
      [handleRequest, formatDate1, formatDate2, toISOString, parseDate],
      [call(handleRequest, formatDate1, [18]), call(formatDate1, toISOString, [15]), call(formatDate2, parseDate, [43])],
      [handleRequest.id],
    );
    assert.equal(
      formatText(result, source),
      `## Graph

handleRequest --CALLS--> formatDate#1 --CALLS--> toISOString
formatDate#2 --CALLS--> parseDate

## Nodes

formatDate#1:
  file: src/api/utils.ts
  offset: 15, limit: 1
  snippet:
  > 15: export const formatDate = (d: Date) => d.toISOString();

formatDate#2:
  file: src/legacy/utils.ts
  offset: 42, limit: 3
  snippet:
    42: function formatDate(d: Date): string {
  > 43:   return parseDate(d).format("YYYY-MM-DD");
    44: }

toISOString:
  file: node_modules/typescript/lib/lib.es5.d.ts
  offset: 900, limit: 1

parseDate:
  file: src/legacy/parse.ts
  offset: 3, limit: 1
  snippet:
    3: export const parseDate = (d: Date) => moment(d);
`,
    );
  });
});

/** `src/<name>.ts` as in spec 004's example: the function sits on lines 3–5 and calls the next step. */
function stepFile(name: string, next: string | undefined): string[] {
  const body = next ? `  return ${next}() + "-${name.slice(-2)}";` : `  return "${name.slice(-2)}";`;
  return [next ? `import { ${next} } from './${next}';` : '', '', `export function ${name}(): string {`, body, '}'];
}
