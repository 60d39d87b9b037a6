import * as assert from 'node:assert/strict';
import { INVALID_PARAMS, INVALID_REQUEST, JsonRpcErrorResponse, JsonRpcLineFilter, MAX_LINE_BYTES, PARSE_ERROR } from '../../src/mcp/JsonRpcLineFilter';

function run(chunks: (string | Buffer)[]): { forwarded: string[]; replies: JsonRpcErrorResponse[] } {
  const forwarded: string[] = [];
  const replies: JsonRpcErrorResponse[] = [];
  const filter = new JsonRpcLineFilter((l) => forwarded.push(l), (r) => replies.push(r));
  for (const c of chunks) filter.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return { forwarded, replies };
}

describe('JsonRpcLineFilter', () => {
  const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';

  it('forwards valid messages unchanged and in order, across chunk boundaries', () => {
    const note = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
    const all = `${ping}\n${note}\r\n`;
    const { forwarded, replies } = run([all.slice(0, 7), all.slice(7, 50), all.slice(50)]);
    assert.deepEqual(forwarded, [ping, note]);
    assert.deepEqual(replies, []);
  });

  it('answers a line that is not JSON with -32700 and id null, and goes on', () => {
    const { forwarded, replies } = run([`{not json\n${ping}\n`]);
    assert.equal(replies.length, 1);
    assert.equal(replies[0].error.code, PARSE_ERROR);
    assert.equal(replies[0].id, null);
    assert.deepEqual(forwarded, [ping]);
  });

  it('answers JSON that is not a JSON-RPC message with -32600, keeping a readable id', () => {
    const { forwarded, replies } = run(['{"id":7,"method":"ping"}\n', '[1,2]\n', '42\n']);
    assert.deepEqual(forwarded, []);
    assert.deepEqual(replies.map((r) => [r.id, r.error.code]), [[7, INVALID_REQUEST], [null, INVALID_REQUEST], [null, INVALID_REQUEST]]);
    assert.match(replies[1].error.message, /batches/);
  });

  it('skips an over-long line with one answer instead of buffering it whole', () => {
    const big = Buffer.alloc(MAX_LINE_BYTES + 10, 0x61);
    const { forwarded, replies } = run([big, 'tail of it\n', `${ping}\n`]);
    assert.equal(replies.length, 1);
    assert.equal(replies[0].error.code, INVALID_REQUEST);
    assert.deepEqual(forwarded, [ping]);
  });

  it('answers tools/call with malformed params with -32602 and one line saying what to send; good calls pass', () => {
    const call = (params: string, id = 3) => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":${params}}\n`;
    const good = call('{"name":"dependentsOf","arguments":{"file_path":"a.ts","symbol":"f"}}', 9);
    const noArgs = call('{"name":"dependentsOf"}', 10);
    const { forwarded, replies } = run([call('{"name":"dependentsOf","arguments":null}', 3), call('{"name":"dependentsOf","arguments":[1]}', 4), call('{"arguments":{}}', 5), good, noArgs]);
    assert.deepEqual(forwarded, [good.trimEnd(), noArgs.trimEnd()]);
    assert.deepEqual(replies.map((r) => [r.id, r.error.code]), [[3, INVALID_PARAMS], [4, INVALID_PARAMS], [5, INVALID_PARAMS]]);
    assert.match(replies[0].error.message, /^Invalid params: tools\/call takes params \{"name": "<tool>", "arguments": \{\.\.\.\}\}; arguments was null, not an object\.$/);
    assert.match(replies[1].error.message, /arguments was an array/);
    assert.match(replies[2].error.message, /name was missing/);
  });
});
