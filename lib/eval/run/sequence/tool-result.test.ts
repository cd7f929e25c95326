import { describe, expect, it } from 'vitest';
import { RESULT_TEXT_LIMIT } from './limits';
import { RESULT_JSON_LIMIT, textPayload, toResultPayload } from './tool-result';

describe('toResultPayload', () => {
  it('joins text content, keeps the error flag and reads JSON text for $fromResult', () => {
    const payload = toResultPayload({ content: [{ type: 'text', text: '{"todos":[{"id":"2"}]}' }], isError: false });
    expect(payload).toEqual({ text: '{"todos":[{"id":"2"}]}', isError: false, json: { todos: [{ id: '2' }] } });
    expect(toResultPayload({ content: [{ type: 'text', text: 'not found' }], isError: true })).toEqual({ text: 'not found', isError: true });
  });

  it('prefers structuredContent as the JSON, and shows it when there is no text', () => {
    expect(toResultPayload({ content: [], structuredContent: { n: 1 } })).toEqual({ text: '{"n":1}', isError: false, json: { n: 1 } });
    expect(toResultPayload({ content: [{ type: 'text', text: 'one' }], structuredContent: { n: 1 } }).json).toEqual({ n: 1 });
  });

  it('names content it does not show (images, blobs) and shows embedded resource text', () => {
    const payload = toResultPayload({
      content: [
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'hello' } },
        { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAAA', mimeType: 'application/octet-stream' } },
      ],
    });
    expect(payload.text).toBe('[image content (image/png) not shown]\nhello\n[resource file:///b.bin (application/octet-stream)]');
  });

  it('treats a body of the wrong shape as an empty result, not a failure', () => {
    expect(toResultPayload('<html>oops</html>')).toEqual({ text: '', isError: false });
    expect(toResultPayload({ content: 'x', isError: 'yes' })).toEqual({ text: '', isError: false });
  });

  it('cuts text past the limit and says how much was cut; drops JSON past its own limit', () => {
    const long = 'a'.repeat(RESULT_TEXT_LIMIT + 123);
    expect(textPayload(long, false).text).toBe(`${'a'.repeat(RESULT_TEXT_LIMIT)}\n[truncated: 123 more characters]`);
    const big = JSON.stringify({ items: 'x'.repeat(RESULT_JSON_LIMIT) });
    const payload = toResultPayload({ content: [{ type: 'text', text: big }] });
    expect(payload.json).toBeUndefined();
    expect(payload.text.endsWith(`[truncated: ${big.length - RESULT_TEXT_LIMIT} more characters]`)).toBe(true);
  });
});
