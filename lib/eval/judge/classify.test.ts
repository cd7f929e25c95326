import { describe, expect, it } from 'vitest';
import { classify, findSelectionFailure, formatToolRef, isCorrect, isSameTool } from './classify';

const search = { server: 'rag', tool: 'rag_search' };
const query = { server: 'rag', tool: 'rag_query' };
const otherServerSearch = { server: 'docs', tool: 'rag_search' };

describe('classify', () => {
  it('is TP when the expected tool is selected', () => {
    expect(classify(search, { server: 'rag', tool: 'rag_search' })).toBe('TP');
  });

  it('is FN when another tool or no tool is selected', () => {
    expect(classify(search, query)).toBe('FN');
    expect(classify(search, null)).toBe('FN');
  });

  it('identifies a tool by server and name together', () => {
    expect(classify(search, otherServerSearch)).toBe('FN');
  });

  it('compares names exactly, since MCP tool names are case-sensitive', () => {
    expect(classify(search, { server: 'rag', tool: 'RAG_SEARCH' })).toBe('FN');
  });

  it('is FP when no tool was expected but one was called, TN when none was', () => {
    expect(classify(null, search)).toBe('FP');
    expect(classify(null, null)).toBe('TN');
  });
});

describe('isCorrect', () => {
  it('counts TP and TN as correct', () => {
    expect(['TP', 'FP', 'TN', 'FN'].map((c) => isCorrect(c as 'TP'))).toEqual([true, false, true, false]);
  });
});

describe('isSameTool', () => {
  it('treats two nulls as the same choice and null vs a tool as different', () => {
    expect(isSameTool(null, null)).toBe(true);
    expect(isSameTool(null, search)).toBe(false);
    expect(isSameTool(search, null)).toBe(false);
  });
});

describe('findSelectionFailure', () => {
  it('names the typed reason of each wrong selection', () => {
    expect(findSelectionFailure(search, search)).toBeNull();
    expect(findSelectionFailure(null, null)).toBeNull();
    expect(findSelectionFailure(search, query)).toBe('wrong_tool');
    expect(findSelectionFailure(search, null)).toBe('no_tool_called');
    expect(findSelectionFailure(null, query)).toBe('unexpected_tool_call');
  });
});

describe('formatToolRef', () => {
  it('formats server/tool, or "no tool"', () => {
    expect(formatToolRef(search)).toBe('rag/rag_search');
    expect(formatToolRef(null)).toBe('no tool');
  });
});
