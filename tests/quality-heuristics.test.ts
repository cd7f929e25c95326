import { describe, expect, it } from 'vitest';
import { boilerplateIn, repeatedGrams } from '@/lib/quality/boilerplate';
import { purposeUnclear } from '@/lib/quality/rules/purpose-unclear';
import { nestingDepth } from '@/lib/quality/schema';
import type { LintTool, ServerContext } from '@/lib/quality/types';

const tool = (name: string, description: string): LintTool => ({ id: `s/${name}`, server: 's', name, description, parameters: [] });
const ctx = (tools: LintTool[]): ServerContext => ({ name: 's', tools, boilerplateGrams: new Set() });
const unclear = (name: string, description: string) => purposeUnclear.check(tool(name, description), ctx([])).length > 0;

describe('purpose heuristic, on descriptions from outside the shared data', () => {
  it('accepts a first sentence with an action and an object, in the usual forms', () => {
    expect(unclear('tune_piano', 'Tunes a piano to concert pitch.')).toBe(false); // verb of the name, inflected
    expect(unclear('kiln', 'Fires the pottery kiln at the given temperature.')).toBe(false); // "Fires the": verb + determiner
    expect(unclear('harvest', 'Returns the yield of each field this season.')).toBe(false); // listed verb, not dropped as a stop word
    expect(unclear('ferry', 'Book a ferry crossing between two islands.')).toBe(false); // imperative
    expect(unclear('choir', 'Rehearses choir parts with the selected voices.')).toBe(false); // -s verb not followed by a preposition
  });

  it('flags a first sentence that names no action, or an action without an object', () => {
    expect(unclear('greenhouse_helper', 'Greenhouse helper for the gardening team.')).toBe(true);
    expect(unclear('museum', 'Details of the museum collection.')).toBe(true);
    expect(unclear('orchestra', 'An orchestra tool.')).toBe(true);
    expect(unclear('x', 'Runs.')).toBe(true);
    // The lead sentence counts: a shared header first hides the purpose that follows.
    expect(unclear('count_trees', 'Orchard Control API, version 3. Counts the trees of a row.')).toBe(true);
  });
});

describe('boilerplate spans', () => {
  const header = 'Weather Station Network API: all values are reported in metric units.';
  const descriptions = [`${header} Reads the wind speed of one station.`, `Reads the rainfall of one station today. ${header}`, `${header} Lists stations in a region.`, 'Pings a station.'];

  it('finds the span most tools repeat, with its share of each description', () => {
    const grams = repeatedGrams(descriptions);
    expect(grams.size).toBeGreaterThan(0);
    const first = boilerplateIn(descriptions[0] ?? '', grams);
    expect(first.spans.map((s) => s.text)).toEqual([header]);
    expect(first.share).toBeCloseTo(11 / 18, 5);
    const second = boilerplateIn(descriptions[1] ?? '', grams);
    expect(second.spans[0]?.text).toBe(header);
    expect(boilerplateIn(descriptions[3] ?? '', grams).spans).toEqual([]);
  });

  it('needs at least three tools and half of the server', () => {
    expect(repeatedGrams(descriptions.slice(0, 2)).size).toBe(0);
    const diluted = [...descriptions, 'Calibrates a sensor.', 'Exports readings as CSV.', 'Deletes a station.'];
    expect(repeatedGrams(diluted).size).toBe(0); // 3 of 7 tools is under half
  });
});

describe('schema nesting depth', () => {
  it('counts object levels through properties, array items and variants', () => {
    expect(nestingDepth({ type: 'object', properties: { a: { type: 'string' } } })).toBe(1);
    expect(nestingDepth({ type: 'object', properties: { a: { type: 'array', items: { type: 'object', properties: { b: { type: 'string' } } } } } })).toBe(2);
    expect(nestingDepth({ type: 'object', properties: { a: { anyOf: [{ type: 'object', properties: { b: { type: 'object', properties: { c: {} } } } }, { type: 'null' }] } } })).toBe(3);
    expect(nestingDepth(undefined)).toBe(0);
  });
});
