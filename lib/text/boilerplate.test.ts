import { describe, expect, it } from 'vitest';
import { detectBoilerplate, stripServerBoilerplate } from './boilerplate';

const header = 'Acme Cloud API tool. Requires an admin token with the write scope.';
const footer = 'Error Responses: 400: Bad request. 401: Unauthorized.';

describe('server boilerplate', () => {
  it('cuts a header and an error block shared by most descriptions, and lists them with their share', () => {
    const found = detectBoilerplate([
      `${header} Creates a bucket. ${footer}`,
      `${header} Deletes an object. ${footer}`,
      `${header} Lists the buckets of a project. ${footer}`,
      'Returns the service status.',
    ]);
    expect(found.stripped).toEqual(['Creates a bucket.', 'Deletes an object.', 'Lists the buckets of a project.', 'Returns the service status.']);
    expect(found.spans.map((s) => s.span).sort()).toEqual(['Acme Cloud API tool. Requires an admin token with the write scope', 'Error Responses: 400: Bad request. 401: Unauthorized']);
    expect(found.spans.every((s) => s.share === 0.75)).toBe(true);
    expect(found.spans).toHaveLength(2);
    expect(found.removedShare[3]).toBe(0);
    expect(found.removedShare[0]).toBeGreaterThan(0.7);
  });

  it('leaves spans alone below half of the tools, below three tools, or under five words', () => {
    expect(detectBoilerplate(['Shared words in here too. A', 'Shared words in here too. B', 'C', 'D', 'E']).spans).toEqual([]);
    expect(detectBoilerplate(['Same text for both of them', 'Same text for both of them']).spans).toEqual([]);
    expect(detectBoilerplate(['Gets a file.', 'Gets a file.', 'Gets a file.']).spans).toEqual([]);
  });

  it('groups by server and falls back to the name when nothing but boilerplate is left', () => {
    const text = 'Navigate and manage workspace context';
    const tools = ['pwd', 'cd', 'read'].map((name) => ({ server: 'pif', name, description: text }));
    const out = stripServerBoilerplate([...tools, { server: 'other', name: 'x', description: text }], (n) => `name ${n}`);
    expect(out.texts).toEqual(['name pwd', 'name cd', 'name read', text]);
    expect(out.spans).toEqual([{ server: 'pif', span: text, share: 1 }]);
  });
});
