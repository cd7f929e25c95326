import { describe, expect, it } from 'vitest';
import { buildToolNames, exposeTools, TOOL_NAME_PATTERN } from './tool-names';

describe('buildToolNames', () => {
  it('keeps plain names when no two servers share them', () => {
    const map = buildToolNames([
      { server: 'todo', name: 'add_todo' },
      { server: 'rag', name: 'search' },
    ]);
    expect(map.entries.map((e) => e.exposedName)).toEqual(['add_todo', 'search']);
    expect(map.resolve('search')).toEqual({ server: 'rag', tool: 'search' });
    expect(map.toExposed('todo', 'add_todo')).toBe('add_todo');
  });

  it('prefixes server__ only for names two servers share', () => {
    const map = buildToolNames([
      { server: 'docs', name: 'search' },
      { server: 'web', name: 'search' },
      { server: 'web', name: 'fetch' },
    ]);
    expect(map.entries.map((e) => e.exposedName)).toEqual(['docs__search', 'web__search', 'fetch']);
    expect(map.resolve('web__search')).toEqual({ server: 'web', tool: 'search' });
    expect(map.resolve('docs__search')).toEqual({ server: 'docs', tool: 'search' });
  });

  it('sanitises characters providers reject', () => {
    const map = buildToolNames([
      { server: 'my server', name: 'files.read' },
      { server: 'other.srv', name: 'files.read' },
      { server: 'x', name: 'émoji 🙂 tool' },
    ]);
    for (const e of map.entries) expect(e.exposedName).toMatch(TOOL_NAME_PATTERN);
    expect(map.toExposed('my server', 'files.read')).toBe('my_server__files_read');
    expect(map.resolve('other_srv__files_read')).toEqual({ server: 'other.srv', tool: 'files.read' });
  });

  it('keeps names unique when sanitisation makes them collide', () => {
    const map = buildToolNames([
      { server: 's', name: 'get.user' },
      { server: 's', name: 'get_user' },
      { server: 's', name: 'get user' },
    ]);
    const names = map.entries.map((e) => e.exposedName);
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name).toMatch(TOOL_NAME_PATTERN);
    expect(map.resolve(names[1] ?? '')).toEqual({ server: 's', tool: 'get_user' });
  });

  it('truncates long names to 64 characters, keeping them distinct', () => {
    const long = 'a'.repeat(80);
    const map = buildToolNames([
      { server: 's', name: `${long}_one` },
      { server: 's', name: `${long}_two` },
      { server: 'a'.repeat(70), name: 'shared' },
      { server: 'b', name: 'shared' },
    ]);
    const names = map.entries.map((e) => e.exposedName);
    expect(new Set(names).size).toBe(4);
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(64);
      expect(name).toMatch(TOOL_NAME_PATTERN);
    }
    expect(names[3]).toBe('b__shared');
  });

  it('round-trips every tool and rejects unknown names', () => {
    const tools = [
      { server: 'a', name: 'x' },
      { server: 'b', name: 'x' },
      { server: 'c', name: 'weird/name' },
      { server: 'c', name: 'z'.repeat(100) },
    ];
    const map = buildToolNames(tools);
    for (const t of tools) {
      const exposed = map.toExposed(t.server, t.name);
      expect(exposed).not.toBeNull();
      expect(map.resolve(exposed ?? '')).toEqual({ server: t.server, tool: t.name });
    }
    expect(map.resolve('made_up_tool')).toBeNull();
    expect(map.resolve('x')).toBeNull();
    expect(map.toExposed('a', 'missing')).toBeNull();
  });

  it('is deterministic and ignores duplicate entries', () => {
    const tools = [
      { server: 'a', name: 'x'.repeat(90) },
      { server: 'a', name: 'x'.repeat(90) },
    ];
    const first = buildToolNames(tools);
    expect(first.entries).toHaveLength(1);
    expect(buildToolNames(tools).entries).toEqual(first.entries);
  });
});

describe('exposeTools', () => {
  it('builds the tools the model sees, once each, with descriptions and schemas unchanged', () => {
    const schema = { type: 'object', properties: { q: { type: 'string' } } };
    const { tools, names } = exposeTools([
      { server: 'docs', name: 'search', description: 'Search docs', inputSchema: schema },
      { server: 'web', name: 'search', inputSchema: schema },
      { server: 'web', name: 'search', inputSchema: schema },
    ]);
    expect(tools).toEqual([
      { exposedName: 'docs__search', description: 'Search docs', inputSchema: schema },
      { exposedName: 'web__search', description: '', inputSchema: schema },
    ]);
    expect(names.resolve('web__search')).toEqual({ server: 'web', tool: 'search' });
  });
});
