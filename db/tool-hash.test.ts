import { describe, expect, it } from 'vitest';
import { canonicalJson, toolSetHash, toolSetHashOfJson, toolSnapshotHash, toolSnapshotHashOfColumns } from './tool-hash';

const tool = {
  serverName: 'notes',
  name: 'search',
  description: 'Find notes.',
  inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'query' }, limit: { type: 'integer' } }, required: ['q'] },
  outputSchema: null,
};

describe('canonicalJson', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { y: 1, x: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"x":2,"y":1}]},"b":1}');
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  it('reads like JSON.parse(JSON.stringify(x)) for values JSON cannot hold', () => {
    expect(canonicalJson({ a: undefined, b: 'é"\n' })).toBe('{"b":"é\\"\\n"}');
    expect(canonicalJson([undefined, Number.NaN])).toBe('[null,null]');
  });
});

describe('toolSnapshotHash', () => {
  it('is a sha256 that ignores key order but not content', () => {
    const h = toolSnapshotHash(tool);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    const reordered = { ...tool, inputSchema: { required: ['q'], properties: { limit: { type: 'integer' }, q: { description: 'query', type: 'string' } }, type: 'object' } };
    expect(toolSnapshotHash(reordered)).toBe(h);
    expect(toolSnapshotHash({ ...tool, description: 'Find notes' })).not.toBe(h);
    expect(toolSnapshotHash({ ...tool, serverName: 'notes2' })).not.toBe(h);
    expect(toolSnapshotHash({ ...tool, outputSchema: { type: 'object' } })).not.toBe(h);
    expect(toolSnapshotHash({ ...tool, inputSchema: { ...tool.inputSchema, required: [] } })).not.toBe(h);
  });

  it('gives the stored columns (JSON text) the same address as the values', () => {
    expect(toolSnapshotHashOfColumns('notes', 'search', 'Find notes.', JSON.stringify(tool.inputSchema), null)).toBe(toolSnapshotHash(tool));
    // Fields are not concatenated: moving text between them changes the address.
    expect(toolSnapshotHash({ ...tool, serverName: 'notes', name: 'search' })).not.toBe(toolSnapshotHash({ ...tool, serverName: 'notess', name: 'earch' }));
  });
});

describe('toolSetHash', () => {
  const a = { snapshotHash: 'a'.repeat(64), exposedName: 'notes__search', serverUrl: 'http://x/mcp' };
  const b = { snapshotHash: 'b'.repeat(64), exposedName: 'files__read', serverUrl: null };
  it('depends on order, exposed names and urls', () => {
    const h = toolSetHash([a, b]);
    expect(toolSetHash([b, a])).not.toBe(h);
    expect(toolSetHash([a, { ...b, exposedName: 'read' }])).not.toBe(h);
    expect(toolSetHash([{ ...a, serverUrl: null }, b])).not.toBe(h);
  });

  it('agrees with the SQL form (a JSON array of [hash, exposed_name, server_url])', () => {
    expect(toolSetHashOfJson(JSON.stringify([[a.snapshotHash, a.exposedName, a.serverUrl], [b.snapshotHash, b.exposedName, null]]))).toBe(toolSetHash([a, b]));
    expect(() => toolSetHashOfJson('{"not":"an array"}')).toThrow(/JSON array/);
  });
});
