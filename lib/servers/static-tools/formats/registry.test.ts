import { describe, expect, it } from 'vitest';
import { anthropicFormat } from './anthropic';
import { dataFileFormat } from './data-file';
import { mcpFormat } from './mcp';
import { openaiFormat } from './openai';
import { convertTool, detectToolFormat, TOOL_FORMATS, toolItemsOf } from './registry';

const SCHEMA = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };

describe('tool definition formats', () => {
  it('the registry holds every format once, each with its own id', () => {
    expect(TOOL_FORMATS.map((f) => f.id).sort()).toEqual(['anthropic', 'data-file', 'mcp', 'openai']);
  });

  it('MCP: fields as listed, description defaulted, output schema and annotations kept', () => {
    const item = { name: 't', inputSchema: SCHEMA, outputSchema: { type: 'object' }, annotations: { readOnlyHint: true } };
    expect(detectToolFormat(item)).toBe(mcpFormat);
    expect(mcpFormat.convert(item)).toEqual({ name: 't', description: '', inputSchema: SCHEMA, outputSchema: { type: 'object' }, annotations: { readOnlyHint: true } });
  });

  it('OpenAI: chat-completions tools, bare functions, no parameters', () => {
    const wrapped = { type: 'function', function: { name: 'w', description: 'd', parameters: SCHEMA } };
    const bare = { name: 'b', description: 'd', parameters: SCHEMA };
    expect(detectToolFormat(wrapped)).toBe(openaiFormat);
    expect(detectToolFormat(bare)).toBe(openaiFormat);
    expect(openaiFormat.convert(wrapped)).toEqual({ name: 'w', description: 'd', inputSchema: SCHEMA });
    expect(openaiFormat.convert(bare)).toEqual({ name: 'b', description: 'd', inputSchema: SCHEMA });
    expect(openaiFormat.convert({ type: 'function', function: { name: 'n' } }).inputSchema).toEqual({ type: 'object', properties: {} });
  });

  it('Anthropic: input_schema', () => {
    const item = { name: 'a', description: 'd', input_schema: SCHEMA };
    expect(detectToolFormat(item)).toBe(anthropicFormat);
    expect(anthropicFormat.convert(item)).toEqual({ name: 'a', description: 'd', inputSchema: SCHEMA });
  });

  it('data file: informal "(type) text" parameters become a JSON Schema; no parameters is an empty object', () => {
    const item = { name: 'f', description: 'd', parameter: { url: '(string) The URL', n: '(Optional, int) How many', note: 'plain' } };
    expect(detectToolFormat(item)).toBe(dataFileFormat);
    expect(dataFileFormat.convert(item).inputSchema).toEqual({
      type: 'object',
      properties: { url: { type: 'string', description: 'The URL' }, n: { type: 'integer', description: 'How many' }, note: { description: 'plain' } },
    });
    expect(detectToolFormat({ name: 'x', description: 'y' })).toBe(dataFileFormat);
    expect(dataFileFormat.convert({ name: 'x', parameter: null })).toEqual({ name: 'x', description: '', inputSchema: { type: 'object', properties: {} } });
  });

  it('items that are no tool definition say so', () => {
    expect(convertTool(3)).toEqual({ error: 'must be an object (a tool definition)' });
    expect(convertTool({ title: 'x' })).toMatchObject({ error: expect.stringContaining('no known format') });
  });

  it('documents: tools/list results, JSON-RPC responses, arrays, {functions}, one definition', () => {
    const tool = { name: 'a', inputSchema: SCHEMA };
    expect(toolItemsOf({ tools: [tool] })).toEqual([tool]);
    expect(toolItemsOf({ jsonrpc: '2.0', id: 1, result: { tools: [tool] } })).toEqual([tool]);
    expect(toolItemsOf([tool, tool])).toHaveLength(2);
    expect(toolItemsOf({ functions: [tool] })).toEqual([tool]);
    expect(toolItemsOf(tool)).toEqual([tool]);
    expect(toolItemsOf('nope')).toMatchObject({ error: expect.any(String) });
  });
});
