import { describe, expect, it } from 'vitest';
import { ADD_TODO_TOOL, SEARCH_DOCS_TOOL, WEATHER_TOOL } from '../testing/fixtures';
import { extractArguments } from './extract-arguments';

describe('extractArguments', () => {
  it('fills enum values, a single number and ISO dates the query states', () => {
    expect(extractArguments('Forecast for the next 3 days in Celsius', WEATHER_TOOL.inputSchema)).toEqual({ days: 3, unit: 'celsius' });
    expect(extractArguments('Add "file taxes" due 2026-04-15, low priority', ADD_TODO_TOOL.inputSchema)).toEqual({
      title: 'file taxes',
      due_date: '2026-04-15',
      priority: 'low',
    });
  });

  it('leaves ambiguous values out', () => {
    expect(extractArguments('Forecast in celsius or fahrenheit for 3 or 5 days', WEATHER_TOOL.inputSchema)).toEqual({});
    expect(extractArguments('Add "a" and "b"', ADD_TODO_TOOL.inputSchema)).toEqual({});
  });

  it('never invents values', () => {
    expect(extractArguments('What is the weather in Paris?', WEATHER_TOOL.inputSchema)).toEqual({});
    expect(extractArguments("what's in the docs? it's urgent", SEARCH_DOCS_TOOL.inputSchema)).toEqual({});
  });

  it('does not read digits of dates or quoted text as numbers', () => {
    expect(extractArguments('Search "top 10 tips" from 2026-01-02', SEARCH_DOCS_TOOL.inputSchema)).toEqual({ query: 'top 10 tips' });
  });

  it('keeps an integer parameter integral', () => {
    expect(extractArguments('Forecast for 2.5 days', WEATHER_TOOL.inputSchema)).toEqual({});
  });

  it('tolerates schemas without properties', () => {
    expect(extractArguments('anything 5', {})).toEqual({});
    expect(extractArguments('anything 5', { type: 'object', properties: { x: true } })).toEqual({});
  });
});
