import { describe, expect, it } from 'vitest';
import { buildRequest, INITIAL_FORM } from './form-state';
import { parsePasted } from './input/parse-pasted';

describe('parsePasted', () => {
  it('detects the shared data file format as a server list', () => {
    const r = parsePasted(JSON.stringify([{ name: 's', description: 'd', tools: [{ name: 't', description: 'x', parameter: { q: '(string) query' } }] }]));
    expect(r).toMatchObject({ ok: true, kind: 'serverList', serverCount: 1, toolCount: 1 });
  });

  it('detects a tool list and a wrapped request body', () => {
    expect(parsePasted('[{"server":"a","name":"x","description":"d"},{"name":"y","description":"e"}]')).toMatchObject({ ok: true, kind: 'toolList', toolCount: 2 });
    expect(parsePasted('{"toolList":[{"name":"x"}]}')).toMatchObject({ ok: true, kind: 'toolList' });
  });

  it('explains what is wrong', () => {
    expect(parsePasted('[{"name": ')).toMatchObject({ ok: false });
    expect(parsePasted('[]')).toMatchObject({ ok: false });
    expect(parsePasted('[{"name":"a","tools":[]},{"name":"b"}]')).toMatchObject({ ok: false });
  });
});

describe('buildRequest', () => {
  it('sends exactly one source with the options', () => {
    const r = buildRequest({ ...INITIAL_FORM, serverIds: ['s1'], urls: 'http://x/mcp' });
    expect(r.ok && r.body).toMatchObject({ serverIds: ['s1'], similarityThreshold: 0.85, method: 'embedding', includeRecommendations: true });
    expect(r.ok && 'urlList' in r.body).toBe(false);
    expect(r.ok && r.headers).toEqual({});
  });

  it('sends the OpenAI key as a header only for an OpenAI model', () => {
    const form = { ...INITIAL_FORM, serverIds: ['s1'], openAiKey: 'sk-test' };
    expect(buildRequest(form)).toMatchObject({ ok: true, headers: {} });
    const r = buildRequest({ ...form, embeddingModel: 'text-embedding-3-small' });
    expect(r).toMatchObject({ ok: true, headers: { 'X-OpenAI-API-Key': 'sk-test' } });
    expect(JSON.stringify(r.ok && r.body)).not.toContain('sk-test');
  });

  it('reports form errors', () => {
    const r = buildRequest({ ...INITIAL_FORM, threshold: '1.5', weights: { semantic: '0', parameters: '0', description: '0' } });
    expect(r.ok).toBe(false);
    expect(!r.ok && Object.keys(r.errors).sort()).toEqual(['source', 'threshold', 'weights']);
    expect(buildRequest({ ...INITIAL_FORM, source: 'urls', urls: 'ftp://x' })).toMatchObject({ ok: false });
  });
});
