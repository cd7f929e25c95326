import { describe, expect, it } from 'vitest';
import { lintTools } from '@/lib/quality/lint';
import { QUALITY_RULES, RULES_BY_ID, type QualityRuleId } from '@/lib/quality/registry';
import type { LintTool } from '@/lib/quality/types';
import type { SimilarityParameter } from '@/lib/similarity/types';

/**
 * One passing and one failing example per rule, written on purpose about things the shared
 * data file hardly covers (a bakery, a telescope, a library, a greenhouse), so the word lists
 * are tested on text they were not written from. The record is typed by rule id: a rule
 * added to the registry without examples does not compile, and the registry test below
 * fails if an example names a rule that is not registered.
 */

type Extra = Partial<Pick<LintTool, 'parameters' | 'inputSchema' | 'annotations' | 'describedBy'>>;

function tool(name: string, description: string, extra: Extra = {}, server = 'srv'): LintTool {
  return { id: `${server}/${name}`, server, name, description, parameters: extra.parameters ?? [], ...extra };
}

function param(name: string, description = '', type: string | null = 'string', required = false): SimilarityParameter {
  return { name, type, description, required };
}

/** A tool whose parameters come from a JSON Schema, as a live server would give it. */
function schemaTool(name: string, description: string, schema: Record<string, unknown>, extra: Extra = {}): LintTool {
  const props = (schema.properties ?? {}) as Record<string, { type?: string; description?: string }>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const parameters = Object.entries(props).map(([n, p]) => param(n, p.description ?? '', p.type ?? null, required.has(n)));
  return tool(name, description, { parameters, inputSchema: schema, ...extra });
}

const GOOD = 'Reserves a telescope slot for one night. Use this when an observer asks for time; for a cancellation use cancel_slot instead. Fails if the night is fully booked.';
const HINTS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

function many(n: number): LintTool[] {
  return Array.from({ length: n }, (_, i) => tool(`tool_${i}`, `Lists the loans of shelf ${i} in the library catalogue.`));
}

const HEADER = 'Bakery Cloud API v2 endpoint documentation, generated automatically.';

type Example = { pass: LintTool[]; fail: LintTool[] };

const EXAMPLES: Record<QualityRuleId, Example> = {
  'description-missing': {
    pass: [tool('bake_bread', 'Starts a baking program for one loaf.')],
    fail: [tool('bake_bread', ''), tool('proof_dough', 'Proof Dough', { describedBy: 'name' })],
  },
  'purpose-unclear': {
    pass: [
      tool('water_plants', 'Waters every plant in one greenhouse bed. It runs the drip line for the given minutes.'),
      tool('telescope_slot', 'Reserves a telescope slot for one night.'),
      tool('prune_roses', 'Prunes the roses of one bed.'),
    ],
    fail: [tool('greenhouse_helper', 'Greenhouse helper for the gardening team. It is very useful.')],
  },
  'usage-guidance-missing': {
    pass: [tool('renew_loan', 'Renews a library loan by two weeks. Use this only when the reader asks to keep a book longer.')],
    fail: [tool('renew_loan', 'Renews a library loan by two weeks.')],
  },
  'limitations-missing': {
    pass: [tool('renew_loan', 'Renews a library loan by two weeks. A loan can be renewed at most three times.')],
    fail: [tool('renew_loan', 'Renews a library loan by two weeks.')],
  },
  'params-unexplained': {
    pass: [tool('order_cake', 'Orders a cake for the given pickup date.', { parameters: [param('flavour', 'Flavour of the sponge'), param('pickupDate')] })],
    fail: [tool('order_cake', 'Orders a cake from the bakery.', { parameters: [param('flavour', 'Flavour of the sponge'), param('tier_count')] })],
  },
  'description-too-short': {
    pass: [tool('list_constellations', 'Lists the constellations visible tonight from the observatory site.')],
    fail: [tool('list_constellations', 'Lists constellations.')],
  },
  'description-too-long': {
    pass: [tool('plan_harvest', `Plans the harvest of one greenhouse. ${'It weighs ripeness and weather. '.repeat(40)}`)],
    fail: [tool('plan_harvest', `Plans the harvest of one greenhouse. ${'It weighs ripeness and weather. '.repeat(60)}`)],
  },
  'examples-missing': {
    pass: [tool('find_book', 'Finds books by title words, e.g. "moby dick".', { parameters: [param('title', 'Words of the title')] })],
    fail: [tool('find_book', 'Finds books by title words.', { parameters: [param('title', 'Words of the title')] })],
  },
  'name-invalid': {
    pass: [tool('telescope.point_at-v2', GOOD)],
    fail: [tool('point telescope', GOOD), tool('télescope', GOOD)],
  },
  'name-duplicate': {
    pass: [tool('feed_starter', GOOD), tool('discard_starter', GOOD)],
    fail: [tool('feed_starter', GOOD), tool('feed_starter', GOOD)],
  },
  'annotations-missing': {
    pass: [tool('count_seedlings', GOOD, { annotations: HINTS })],
    fail: [tool('count_seedlings', GOOD, { annotations: { readOnlyHint: true } }), tool('count_trays', GOOD)],
  },
  'annotation-destructive-conflict': {
    pass: [tool('delete_reservation', GOOD, { annotations: { readOnlyHint: false, destructiveHint: true } }), tool('cancel_reservation', GOOD, { annotations: HINTS })],
    fail: [tool('removeReservation', GOOD, { annotations: { readOnlyHint: true } }), tool('drop_batch', GOOD, { annotations: { destructiveHint: false } })],
  },
  'annotation-readonly-conflict': {
    pass: [tool('get_forecast', GOOD, { annotations: HINTS }), tool('plant_seeds', GOOD, { annotations: { readOnlyHint: false } })],
    fail: [tool('searchCatalogue', GOOD, { annotations: { readOnlyHint: false } })],
  },
  'schema-not-object': {
    pass: [schemaTool('weigh_flour', GOOD, { type: 'object', properties: {} }), tool('weigh_sugar', GOOD)],
    fail: [schemaTool('weigh_flour', GOOD, { type: 'string' }), schemaTool('weigh_sugar', GOOD, { properties: {} })],
  },
  'param-untyped': {
    pass: [tool('set_oven', GOOD, { parameters: [param('celsius', 'Target temperature', 'integer')] })],
    fail: [tool('set_oven', GOOD, { parameters: [param('celsius', 'Target temperature', null)] })],
  },
  'param-undescribed': {
    pass: [tool('set_oven', 'Heats the oven to celsius degrees.', { parameters: [param('celsius', 'Target temperature')] })],
    fail: [tool('set_oven', 'Heats the oven to the given celsius degrees.', { parameters: [param('celsius')] })],
  },
  'required-undeclared': {
    pass: [schemaTool('reserve_slot', GOOD, { type: 'object', properties: { night: { type: 'string', description: 'ISO date' } }, required: [] })],
    fail: [schemaTool('reserve_slot', GOOD, { type: 'object', properties: { night: { type: 'string', description: 'ISO date' } } })],
  },
  'enum-undocumented': {
    pass: [
      schemaTool('set_crust', GOOD, { type: 'object', properties: { crust: { type: 'string', enum: ['soft', 'crisp'], description: 'soft for sandwiches, crisp for soup' } } }),
    ],
    fail: [schemaTool('set_crust', GOOD, { type: 'object', properties: { crust: { type: 'string', enum: ['soft', 'crisp'], description: 'Crust style' } } })],
  },
  'default-undocumented': {
    pass: [schemaTool('list_loans', GOOD, { type: 'object', properties: { limit: { type: 'integer', default: 20, description: 'How many loans; 20 when omitted' } } })],
    fail: [schemaTool('list_loans', GOOD, { type: 'object', properties: { limit: { type: 'integer', default: 20, description: 'How many loans' } } })],
  },
  'schema-too-deep': {
    pass: [
      schemaTool('log_batch', GOOD, {
        type: 'object',
        properties: { batch: { type: 'object', properties: { trays: { type: 'array', items: { type: 'object', properties: { seeds: { type: 'integer' } } } } } } },
      }),
    ],
    fail: [
      schemaTool('log_batch', GOOD, {
        type: 'object',
        properties: {
          batch: { type: 'object', properties: { trays: { type: 'array', items: { type: 'object', properties: { cell: { type: 'object', properties: { seeds: { type: 'integer' } } } } } } } },
        },
      }),
    ],
  },
  'too-many-params': {
    pass: [tool('bake', GOOD, { parameters: Array.from({ length: 10 }, (_, i) => param(`p${i}`, 'A setting')) })],
    fail: [tool('bake', GOOD, { parameters: Array.from({ length: 11 }, (_, i) => param(`p${i}`, 'A setting')) })],
  },
  'server-tools-over-20': { pass: many(20), fail: many(21) },
  'server-tools-over-128': { pass: many(128), fail: many(129) },
  'name-too-long': {
    pass: [tool('a'.repeat(64), GOOD)],
    fail: [tool(`reserve_${'telescope_'.repeat(6)}slot`, GOOD)],
  },
  'boilerplate-share': {
    pass: [
      tool('bake_rye', 'Bakes a rye loaf with the sourdough starter.'),
      tool('bake_spelt', 'Bakes a spelt loaf with fresh yeast.'),
      tool('slice_loaf', 'Slices a cooled loaf into even pieces.'),
    ],
    fail: [
      tool('bake_rye', `${HEADER} Bakes a rye loaf with the sourdough starter.`),
      tool('bake_spelt', `${HEADER} Bakes a spelt loaf with fresh yeast.`),
      tool('glaze_buns', `Glazes a tray of buns with honey. ${HEADER}`),
      tool('slice_loaf', 'Slices a cooled loaf into even pieces.'),
    ],
  },
};

function exampleOf(id: QualityRuleId): Example {
  const example = EXAMPLES[id] as Example | undefined;
  if (!example) throw new Error(`no examples for ${id}`);
  return example;
}

function findingsOf(id: QualityRuleId, tools: LintTool[]) {
  const rule = RULES_BY_ID.get(id);
  if (!rule) throw new Error(`no rule ${id}`);
  const report = lintTools(tools, [rule]);
  return [...report.tools.flatMap((t) => t.findings), ...report.servers.flatMap((s) => s.findings)];
}

describe('quality lint rules', () => {
  it('every registered rule has examples, and every example names a registered rule', () => {
    const ids = QUALITY_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(EXAMPLES).sort()).toEqual([...ids].sort());
    for (const r of QUALITY_RULES) {
      expect(r.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(r.description.length).toBeGreaterThan(10);
    }
  });

  for (const rule of QUALITY_RULES) {
    describe(rule.id, () => {
      it('passes its passing example', () => {
        expect(findingsOf(rule.id, exampleOf(rule.id).pass)).toEqual([]);
      });
      it('flags its failing example with a message, a fix and its severity', () => {
        const findings = findingsOf(rule.id, exampleOf(rule.id).fail);
        expect(findings.length).toBeGreaterThan(0);
        for (const f of findings) {
          expect(f).toMatchObject({ ruleId: rule.id, severity: rule.severity });
          expect(f.message.length).toBeGreaterThan(20);
          expect(f.fix.length).toBeGreaterThan(15);
          if (f.span) expect(f.span.text.length).toBeGreaterThan(0);
        }
      });
    });
  }
});
