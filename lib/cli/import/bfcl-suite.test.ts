import { describe, expect, it } from 'vitest';
import { SuiteCaseSchema } from '../suite/schema';
import { bfclToSuite } from './bfcl-suite';

const area = {
  name: 'area',
  description: 'Area of a circle',
  parameters: { type: 'dict', properties: { radius: { type: 'integer' }, units: { type: 'string' } }, required: ['radius'] },
};
const entries = [
  { id: 'parallel_0', question: [[{ role: 'user', content: 'Areas of circles of radius 5 and 10?' }]], function: [area] },
  { id: 'simple_0', question: [[{ role: 'user', content: 'Area of a circle of radius 3?' }]], function: [area] },
];
const answers = [
  { id: 'parallel_0', ground_truth: [{ area: { radius: [5], units: ['cm', ''] } }, { area: { radius: [10], units: ['cm', ''] } }] },
  { id: 'simple_0', ground_truth: [{ area: { radius: [3] } }] },
];

describe('bfclToSuite with multi-call entries', () => {
  const suite = bfclToSuite([{ name: 'q.jsonl', text: entries.map((e) => JSON.stringify(e)).join('\n') }, { name: 'a.json', text: JSON.stringify(answers) }]);

  it('makes a parallel entry a one-turn, any-order sequence case that the suite schema accepts; a single call stays a pair', () => {
    const [server] = Object.keys(suite.servers);
    const [parallel, simple] = suite.testCases;
    expect(parallel).toMatchObject({ name: 'parallel_0', mode: 'sequence', callOrder: 'any', maxSteps: 1, execute: 'none', expectedTool: null });
    expect((parallel as { expectedCalls: unknown }).expectedCalls).toEqual([
      { server, tool: 'area', arguments: { radius: 5, units: { $oneOf: ['cm', { $absent: true }] } } },
      { server, tool: 'area', arguments: { radius: 10, units: { $oneOf: ['cm', { $absent: true }] } } },
    ]);
    expect(simple).toMatchObject({ name: 'simple_0', expectedServer: server, expectedTool: 'area' });
    expect(simple).not.toHaveProperty('mode');
    for (const c of suite.testCases) expect(SuiteCaseSchema.safeParse(c).success).toBe(true);
  });

  it('reports what each multi-call case expects', () => {
    expect(suite.report.map((r) => [r.id, r.status, r.reason])).toEqual([
      ['parallel_0', 'imported', 'expects 2 calls in one turn, any order: area, area'],
      ['simple_0', 'imported', 'expects area'],
    ]);
  });
});
