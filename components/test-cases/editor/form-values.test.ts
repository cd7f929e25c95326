import { describe, expect, it } from 'vitest';
import { EMPTY_VALUES, parseTags, toPayload, validate } from './form-values';

const base = { ...EMPTY_VALUES, name: 'n', query: 'q', serverIds: ['s1'], negative: true };

describe('test case form tags', () => {
  it('reads comma-separated tags, trimmed and without repeats, into the payload', () => {
    expect(parseTags(' smoke, github ,, smoke,slow path ')).toEqual(['smoke', 'github', 'slow path']);
    expect(toPayload({ ...base, tags: 'smoke, v1.2' }, []).tags).toEqual(['smoke', 'v1.2']);
    expect(toPayload(base, []).tags).toEqual([]);
  });

  it('names a tag the API would refuse, and too many tags', () => {
    expect(validate({ ...base, tags: 'ok, semi;colon' }, 0).tags).toMatch(/^“semi;colon”/);
    expect(validate({ ...base, tags: 'x'.repeat(51) }, 0).tags).toMatch(/at most 50/);
    expect(validate({ ...base, tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }, 0).tags).toBe('At most 20 tags; this has 21.');
    expect(validate({ ...base, tags: 'smoke, a-b.c_d e' }, 0).tags).toBeUndefined();
  });
});

describe('a selection case with context (issue 17: its model gets the turns)', () => {
  const turns = [
    { key: 't1', role: 'user' as const, content: 'Earlier: find the coffee todo' },
    { key: 't2', role: 'assistant' as const, content: '', toolCalls: [{ key: 'c1', id: 'call_1', server: 'todo', tool: 'search_todos', argumentsText: '{"q":"coffee"}' }] },
    { key: 't3', role: 'tool' as const, callId: 'call_1', content: '[{"id":3}]', isError: false },
  ];
  const selection = { ...base, sequence: { ...base.sequence, context: turns } };

  it('sends the context it shows, and null once every turn is removed', () => {
    expect(toPayload(selection, []).context).toEqual([
      { role: 'user', content: 'Earlier: find the coffee todo' },
      { role: 'assistant', toolCalls: [{ id: 'call_1', server: 'todo', tool: 'search_todos', arguments: { q: 'coffee' } }] },
      { role: 'tool', callId: 'call_1', content: '[{"id":3}]' },
    ]);
    expect(toPayload(selection, []).mode).toBe('selection');
    expect(toPayload(base, []).context).toBeNull();
  });

  it('checks the context in selection mode as in sequence mode, and only the context', () => {
    const bad = { ...selection, sequence: { ...selection.sequence, context: [{ key: 't1', role: 'user' as const, content: ' ' }, { ...turns[2]!, callId: 'call_9' }] } };
    expect(validate(bad, 0).paths).toEqual({ 'context.0.content': 'Write what the user said, or remove the turn.', 'context.1.callId': 'Choose the earlier assistant tool call this result answers.' });
    expect(validate(selection, 0).paths).toBeUndefined();
  });
});
