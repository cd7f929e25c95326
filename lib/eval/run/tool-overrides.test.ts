import { describe, expect, it } from 'vitest';
import type { Tool } from '../../mcp/client';
import { applyToolOverrides, renamedTool, type ToolOverride } from './tool-overrides';

const schema = { type: 'object' as const, properties: { q: { type: 'string' } } };
const listing: Tool[] = [
  { name: 'search', description: 'Search the notes', inputSchema: schema },
  { name: 'fetch', description: 'Fetch one note', inputSchema: schema, annotations: { readOnlyHint: true } },
];

describe('applyToolOverrides', () => {
  it('replaces only the changed fields of the changed tool, in place, for its server only', () => {
    const overrides: ToolOverride[] = [
      { server: 'notes', tool: 'fetch', description: 'Fetch one note by its id', name: 'get_note' },
      { server: 'other', tool: 'search', description: 'not for this server' },
    ];
    const shown = applyToolOverrides('notes', listing, overrides);
    expect(shown.map((t) => t.name)).toEqual(['search', 'get_note']);
    expect(shown[0]).toBe(listing[0]);
    expect(shown[1]).toEqual({ name: 'get_note', description: 'Fetch one note by its id', inputSchema: schema, annotations: { readOnlyHint: true } });
    // The listing itself (the shared tool cache entry) is untouched.
    expect(listing[1]?.name).toBe('fetch');
    expect(listing[1]?.description).toBe('Fetch one note');
  });

  it('changes the schema and annotations, and keeps an empty description as a change', () => {
    const other = { type: 'object' as const, properties: { id: { type: 'integer' } }, required: ['id'] };
    const [, fetch] = applyToolOverrides('notes', listing, [{ server: 'notes', tool: 'fetch', description: '', inputSchema: other, annotations: { readOnlyHint: false } }]);
    expect(fetch).toMatchObject({ name: 'fetch', description: '', inputSchema: other, annotations: { readOnlyHint: false } });
  });

  it('returns the listing as it is without overrides for the server', () => {
    expect(applyToolOverrides('notes', listing, [])).toBe(listing);
    expect(applyToolOverrides('notes', listing, [{ server: 'x', tool: 'search', name: 'find' }])).toBe(listing);
  });
});

describe('renamedTool', () => {
  const overrides: ToolOverride[] = [
    { server: 'notes', tool: 'fetch', name: 'get_note' },
    { server: 'notes', tool: 'search', description: 'only the wording' },
  ];

  it('follows a rename of the same server and tool', () => {
    expect(renamedTool(overrides, 'notes', 'fetch')).toBe('get_note');
  });

  it('keeps the name when the change is no rename, the server differs, or nothing is expected', () => {
    expect(renamedTool(overrides, 'notes', 'search')).toBe('search');
    expect(renamedTool(overrides, 'other', 'fetch')).toBe('fetch');
    expect(renamedTool(overrides, null, null)).toBeNull();
  });
});
