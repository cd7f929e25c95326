import { describe, expect, it } from 'vitest';
import { checkToolDraft, draftsFromPaste, hintChoice, newToolDraft, toolFromDraft, withHint } from './tool-drafts';

describe('static tool editor drafts', () => {
  it('pasted OpenAI functions become drafts and go back to the API in MCP shape', () => {
    const text = JSON.stringify([{ type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }]);
    const { drafts, formats, errors } = draftsFromPaste(text);
    expect(errors).toEqual([]);
    expect(formats).toEqual(['openai']);
    expect(drafts.map(toolFromDraft)).toEqual([{ name: 'get_weather', description: 'Weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }]);
  });

  it('reports text that is not JSON and items in no known format', () => {
    expect(draftsFromPaste('{oops').errors[0]).toMatch(/not valid JSON/);
    const mixed = draftsFromPaste(JSON.stringify({ tools: [{ name: 'a', inputSchema: { type: 'object' } }, 7] }));
    expect(mixed.drafts).toHaveLength(1);
    expect(mixed.errors).toEqual(['Item 1 must be an object (a tool definition)']);
  });

  it('live checks: names, duplicates (the later one), schemas that do not parse or are not objects', () => {
    const a = newToolDraft({ name: 'x', description: '', inputSchema: { type: 'object' } });
    const b = { ...newToolDraft({ name: 'x', description: '', inputSchema: { type: 'object' } }), inputSchema: '{"type": "string"}', outputSchema: '{' };
    expect(checkToolDraft(a, [a, b])).toEqual({});
    const errors = checkToolDraft(b, [a, b]);
    expect(errors.name).toMatch(/already has this name/);
    expect(errors.inputSchema).toBe('input schema must have type "object"');
    expect(errors.outputSchema).toMatch(/^output schema is not valid JSON/);
    expect(checkToolDraft({ ...a, name: 'bad name' }, [a]).name).toMatch(/letters, digits/);
  });

  it('annotations: title and only the hints that were set', () => {
    const d = { ...newToolDraft({ name: 't', description: '', inputSchema: { type: 'object' } }), title: ' T ', hints: { readOnlyHint: true, destructiveHint: false } };
    expect(toolFromDraft(d).annotations).toEqual({ title: 'T', readOnlyHint: true, destructiveHint: false });
  });

  it('hints have three states, and an imported false survives an edit of another field or hint', () => {
    const imported = newToolDraft({ name: 't', description: 'd', inputSchema: { type: 'object' }, annotations: { destructiveHint: false, readOnlyHint: true } });
    expect(hintChoice(imported, 'destructiveHint')).toBe('false');
    expect(hintChoice(imported, 'readOnlyHint')).toBe('true');
    expect(hintChoice(imported, 'idempotentHint')).toBe('unset');
    const edited = withHint({ ...imported, description: 'edited' }, 'openWorldHint', 'false');
    expect(toolFromDraft(edited).annotations).toEqual({ destructiveHint: false, readOnlyHint: true, openWorldHint: false });
    // false -> true -> false round trip, then unset removes the key (MCP's default applies again).
    const back = withHint(withHint(edited, 'destructiveHint', 'true'), 'destructiveHint', 'false');
    expect(toolFromDraft(back).annotations).toMatchObject({ destructiveHint: false });
    const unset = withHint(withHint(withHint(back, 'destructiveHint', 'unset'), 'readOnlyHint', 'unset'), 'openWorldHint', 'unset');
    expect(toolFromDraft(unset)).not.toHaveProperty('annotations');
  });

  it('a pasted MCP tool with false hints keeps them', () => {
    const { drafts } = draftsFromPaste(JSON.stringify({ tools: [{ name: 'rm', inputSchema: { type: 'object' }, annotations: { destructiveHint: false, idempotentHint: false } }] }));
    expect(toolFromDraft(drafts[0]!).annotations).toEqual({ destructiveHint: false, idempotentHint: false });
  });
});
