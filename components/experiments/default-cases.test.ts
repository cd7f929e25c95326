import { describe, expect, it } from 'vitest';
import { defaultCasesRequest, sendsApiDefault } from './default-cases';

describe('default case selection request', () => {
  it('without focus tools: the changed tools\' servers, once each, in a stable order', () => {
    expect(defaultCasesRequest([{ server: 'rag', tool: 'a' }, { server: 'todo', tool: 'b' }, { server: 'rag', tool: 'c' }])).toEqual({ servers: ['rag', 'todo'], focusTools: [] });
    expect(defaultCasesRequest([])).toEqual({ servers: [], focusTools: [] });
  });

  it('with focus tools: only those, whatever the changed tools', () => {
    expect(defaultCasesRequest([{ server: 'rag', tool: 'a' }], [{ server: 'rag', tool: 'rag_search' }])).toEqual({ servers: [], focusTools: [{ server: 'rag', tool: 'rag_search' }] });
  });

  it('leaves the ids to the API only for its own default (servers), not for focus tools or a picked list', () => {
    expect(sendsApiDefault(true)).toBe(true);
    expect(sendsApiDefault(true, [])).toBe(true);
    expect(sendsApiDefault(true, [{ server: 'rag', tool: 'x' }])).toBe(false);
    expect(sendsApiDefault(false)).toBe(false);
  });
});
