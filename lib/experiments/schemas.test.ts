import { describe, expect, it } from 'vitest';
import { ExperimentInputSchema } from './schemas';

const model = { provider: 'openai', model: 'm' };
const parse = (changes: unknown[]) => ExperimentInputSchema.safeParse({ models: [model], variants: [{ name: 'v', changes }] });

describe('ExperimentInputSchema: annotations', () => {
  it('accepts MCP annotations beside a change the model is shown', () => {
    expect(parse([{ server: 's', tool: 't', description: 'd', annotations: { readOnlyHint: false, title: 'T' } }]).success).toBe(true);
    // Per variant: an annotations change of one tool beside a description change of another.
    expect(parse([{ server: 's', tool: 'a', annotations: { destructiveHint: false } }, { server: 's', tool: 'b', name: 'b2' }]).success).toBe(true);
  });

  it('refuses a variant whose changes are annotations only, saying why', () => {
    const r = parse([{ server: 's', tool: 'a', annotations: { readOnlyHint: true } }, { server: 's', tool: 'b', annotations: { openWorldHint: false } }]);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['variants', 0, 'changes'] });
    expect(r.error?.issues[0]?.message).toMatch(/never shown/);
  });

  it('refuses keys MCP does not define and hints that are not booleans', () => {
    expect(parse([{ server: 's', tool: 't', description: 'd', annotations: { foo: 1 } }]).success).toBe(false);
    expect(parse([{ server: 's', tool: 't', description: 'd', annotations: { readOnlyHint: 'no' } }]).success).toBe(false);
  });
});
