import * as assert from 'assert';
import { parseResultLinks } from '../../../src/vscode/commands/parseResultLinks';

const TEXT = `## Graph

handleRequest --CALLS--> formatDate
legacyReport --CALLS--> formatDate

## Nodes

handleRequest:
  file: src/api/handler.ts
  offset: 4, limit: 4
  snippet:
    4: export function handleRequest(body: Order): string {
  > 5:   const stamp = formatDate(Date.now());
    7: }

legacyReport:
  file: src/legacy/report.ts
  offset: 3, limit: 5
`;

describe(parseResultLinks.name, () => {
  it('links node names, file lines and snippet line numbers to the code', () => {
    const links = parseResultLinks(TEXT).map((l) => `${l.line}:${l.start}-${l.end} ${l.file}#L${l.targetLine}`);
    assert.deepStrictEqual(links, [
      '2:0-13 src/api/handler.ts#L4', // handleRequest in the Graph section
      '3:0-12 src/legacy/report.ts#L3',
      '7:0-13 src/api/handler.ts#L4', // the node's name
      '8:8-26 src/api/handler.ts#L4', // its file: line
      '11:4-5 src/api/handler.ts#L4',
      '12:4-5 src/api/handler.ts#L5', // a '>' marked line
      '13:4-5 src/api/handler.ts#L7',
      '15:0-12 src/legacy/report.ts#L3',
      '16:8-28 src/legacy/report.ts#L3',
    ]);
  });

  it('finds nothing in a message answer', () => {
    assert.deepStrictEqual(parseResultLinks('No path found.'), []);
  });
});
