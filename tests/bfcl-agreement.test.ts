import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as importRoute from '@/app/api/import/bfcl/route';
import { getTestCase, type TestCaseWithServers } from '@/db/queries/test-cases';
import type { ArgumentMatchingId } from '@/db/schema';
import { judgeRun, UNKNOWN_SERVER } from '@/lib/eval/judge/judge';
import type { BfclImportReport } from '@/lib/import/bfcl';
import { storedToolsOf } from '@/lib/servers/static-tools/store';
import { call as callRoute } from './helpers/api';
import { bfclVerdict, type Call } from './helpers/bfcl-reference';
import { dictGet, parsePythonJson, toJs, type Py } from './helpers/python-json';

/**
 * Agreement with BFCL's checker: every entry of the shared BFCL v4 sample is imported through
 * the API, then scripted calls (the ground truth and perturbations of it) are judged twice:
 * by the harness (judgeRun on the imported case and its static tool snapshot) and by an
 * independent re-statement of BFCL's published AST checker (helpers/bfcl-reference.ts) that
 * keeps Python's int/float distinction. The issue asks for >= 95% with argumentMatching "bfcl".
 */

const SAMPLE = path.resolve(process.cwd(), '../shared/data/bfcl/bfcl-v4-sample.json');
const CATEGORIES = ['simple', 'multiple', 'irrelevance'] as const;

type Entry = { id: string; category: string; functions: { name: string; parameters: Py }[]; groundTruth: Py | undefined };
type Scripted = { entry: Entry; label: string; calls: Call[] };
type Outcome = { entry: string; label: string; bfcl: boolean; bfclError: string; harness: boolean; reasons: string[] };

const strOf = (p: Py | undefined) => (p?.t === 'str' ? p.v : '');
const isEmptyStr = (p: Py) => p.t === 'str' && p.v === '';

function readSample(): { raw: Record<string, unknown[]>; entries: Entry[] } {
  const text = fs.readFileSync(SAMPLE, 'utf8');
  const raw = JSON.parse(text) as Record<string, unknown[]>;
  const typed = parsePythonJson(text);
  const entries: Entry[] = [];
  for (const category of CATEGORIES) {
    const list = dictGet(typed, category);
    for (const e of list?.t === 'list' ? list.v : []) {
      const fns = dictGet(e, 'function');
      entries.push({
        id: strOf(dictGet(e, 'id')),
        category,
        functions: (fns?.t === 'list' ? fns.v : []).map((f) => ({ name: strOf(dictGet(f, 'name')), parameters: dictGet(f, 'parameters') as Py })),
        groundTruth: dictGet(e, 'ground_truth'),
      });
    }
  }
  return { raw, entries };
}

function paramType(entry: Entry, fnName: string, param: string): string {
  const fn = entry.functions.find((f) => f.name === fnName);
  const props = fn && dictGet(fn.parameters, 'properties');
  const details = props && dictGet(props, param);
  return strOf(details && dictGet(details, 'type'));
}

function itemsType(entry: Entry, fnName: string, param: string): string {
  const fn = entry.functions.find((f) => f.name === fnName);
  const props = fn && dictGet(fn.parameters, 'properties');
  const items = props && dictGet(props, param) && dictGet(dictGet(props, param) as Py, 'items');
  return strOf(items && dictGet(items, 'type'));
}

/** The first acceptable value of a dict-of-lists answer, keys with only "" left out. */
function firstOfDict(answer: Py): Py {
  if (answer.t !== 'dict') return answer;
  const v: [string, Py][] = [];
  for (const [k, accepted] of answer.v) {
    const first = accepted.t === 'list' ? accepted.v.find((a) => !isEmptyStr(a)) : undefined;
    if (first) v.push([k, first]);
  }
  return { t: 'dict', v };
}

function correctCall(entry: Entry): { call: Call; optional: string[] } {
  const gt = entry.groundTruth as Extract<Py, { t: 'list' }>;
  const [name, answer] = (gt.v[0] as Extract<Py, { t: 'dict' }>).v[0] as [string, Py];
  const args: [string, Py][] = [];
  const optional: string[] = [];
  for (const [param, accepted] of answer.t === 'dict' ? answer.v : []) {
    const values = accepted.t === 'list' ? accepted.v : [];
    if (values.some(isEmptyStr)) optional.push(param);
    const first = values.find((v) => !isEmptyStr(v));
    if (!first) continue;
    const type = paramType(entry, name, param);
    if (type === 'dict') args.push([param, firstOfDict(first)]);
    else if (type === 'array' && itemsType(entry, name, param) === 'dict' && first.t === 'list') args.push([param, { t: 'list', v: first.v.map(firstOfDict) }]);
    else args.push([param, first]);
  }
  return { call: { name, args }, optional };
}

const withArg = (c: Call, param: string, value: Py | null): Call => ({
  name: c.name,
  args: value === null ? c.args.filter(([k]) => k !== param) : c.args.map(([k, v]) => [k, k === param ? value : v]),
});

function wrongValue(v: Py): Py | null {
  switch (v.t) {
    case 'str':
      return { t: 'str', v: `${v.v} zzz` };
    case 'int':
      return { t: 'int', v: v.v + 7 };
    case 'float':
      return { t: 'float', v: v.v + 1.5 };
    case 'bool':
      return { t: 'bool', v: !v.v };
    case 'list':
      return v.v.length ? { t: 'list', v: [...v.v, v.v[0] as Py] } : { t: 'list', v: [{ t: 'int', v: 1 }] };
    default:
      return null;
  }
}

function scriptedCalls(entry: Entry): Scripted[] {
  const s = (label: string, calls: Call[]): Scripted => ({ entry, label, calls });
  if (!entry.groundTruth) {
    const first = entry.functions[0] as Entry['functions'][number];
    return [s('no call on irrelevance', []), s('call on irrelevance', [{ name: first.name, args: [] }])];
  }
  const { call, optional } = correctCall(entry);
  const out = [s('correct', [call])];
  const firstStr = call.args.find(([, v]) => v.t === 'str' && /[a-z]/i.test(v.v));
  if (firstStr) {
    const text = (firstStr[1] as { v: string }).v;
    out.push(s('case and punctuation', [withArg(call, firstStr[0], { t: 'str', v: `${text.toUpperCase().replace(/ /g, '-')}.` })]));
    out.push(s('int for string', [withArg(call, firstStr[0], { t: 'int', v: 42 })]));
  }
  const givenOptional = optional.find((p) => call.args.some(([k]) => k === p));
  if (givenOptional) out.push(s('optional omitted', [withArg(call, givenOptional, null)]));
  const firstInt = call.args.find(([k, v]) => v.t === 'int' && paramType(entry, call.name, k) === 'integer');
  if (firstInt) out.push(s('float for int', [withArg(call, firstInt[0], { t: 'float', v: (firstInt[1] as { v: number }).v + 0.5 })]));
  const changeable = call.args.find(([, v]) => wrongValue(v) !== null);
  if (changeable) out.push(s('wrong value', [withArg(call, changeable[0], wrongValue(changeable[1]))]));
  if (call.args.length) out.push(s('required or listed parameter missing', [withArg(call, (call.args[0] as [string, Py])[0], null)]));
  out.push(s('extra parameter', [{ name: call.name, args: [...call.args, ['unlisted_extra', { t: 'str', v: 'x' }]] }]));
  const other = entry.functions.find((f) => f.name !== call.name);
  out.push(s('wrong function', [{ name: other?.name ?? 'not_a_declared_function', args: call.args }]));
  return out;
}

describe('BFCL agreement', () => {
  const sample = readSample();
  const cases = new Map<string, { testCaseId: string; serverId: string; serverName: string }>();
  /** Each imported case and its static tools, read once after the import (the judge below is synchronous). */
  const stored = new Map<string, { testCase: TestCaseWithServers; tools: Awaited<ReturnType<typeof storedToolsOf>> }>();

  beforeAll(async () => {
    const entries = CATEGORIES.flatMap((c) => sample.raw[c] ?? []);
    const answers = entries.filter((e) => (e as { ground_truth?: unknown }).ground_truth).map((e) => ({ id: (e as { id: string }).id, ground_truth: (e as { ground_truth: unknown }).ground_truth }));
    const res = await callRoute<BfclImportReport>(importRoute.POST, 'POST', '/api/import/bfcl', { body: { entries, answers } });
    expect(res.status).toBe(201);
    expect(res.body.failed).toBe(0);
    for (const r of res.body.results) if (r.status === 'created' && r.id) cases.set(r.id, r);
    for (const [id, r] of cases) {
      const testCase = await getTestCase(r.testCaseId);
      if (testCase) stored.set(id, { testCase, tools: await storedToolsOf(r.serverId) });
    }
  }, 60_000);

  function judgeWithHarness(scripted: Scripted, profile: ArgumentMatchingId): { valid: boolean; reasons: string[] } {
    const imported = cases.get(scripted.entry.id);
    if (!imported) throw new Error(`${scripted.entry.id} was not imported`);
    const read = stored.get(scripted.entry.id);
    if (!read) throw new Error('imported case missing');
    const { testCase } = read;
    const snapshot = read.tools.map((t) => ({ serverName: imported.serverName, name: t.name, description: t.description ?? '', inputSchema: t.inputSchema as Record<string, unknown> }));
    const first = scripted.calls[0];
    const selected = first ? { server: snapshot.some((t) => t.name === first.name) ? imported.serverName : UNKNOWN_SERVER, tool: first.name } : null;
    const verdict = judgeRun({
      testCase: { ...testCase, argumentMatching: profile },
      snapshot,
      samples: [{ selected, calledName: first?.name ?? null, arguments: first ? (toJs({ t: 'dict', v: first.args }) as Record<string, unknown>) : null, argumentsError: null }],
      assessment: null,
    });
    const correct = verdict.classification === 'TP' || verdict.classification === 'TN';
    return { valid: correct && verdict.failureReasons.length === 0, reasons: verdict.failureReasons };
  }

  function measure(profile: ArgumentMatchingId): Outcome[] {
    return sample.entries.flatMap(scriptedCalls).map((scripted) => {
      const expected = bfclVerdict(scripted.entry.functions, scripted.entry.groundTruth, scripted.calls);
      const got = judgeWithHarness(scripted, profile);
      return { entry: scripted.entry.id, label: scripted.label, bfcl: expected.valid, bfclError: expected.error, harness: got.valid, reasons: got.reasons };
    });
  }

  const report = (profile: string, outcomes: Outcome[]) => {
    const disagreements = outcomes.filter((o) => o.bfcl !== o.harness);
    const agreement = 1 - disagreements.length / outcomes.length;
    console.log(`BFCL agreement with argumentMatching "${profile}": ${(agreement * 100).toFixed(1)}% of ${outcomes.length} verdicts (${outcomes.filter((o) => o.bfcl).length} valid per BFCL)`);
    for (const d of disagreements) console.log(`  ${d.entry} [${d.label}] BFCL ${d.bfcl ? 'valid' : `invalid (${d.bfclError})`}, harness ${d.harness ? 'valid' : `invalid (${d.reasons.join(', ')})`}`);
    return agreement;
  };

  it('imports all 130 sampled entries', () => {
    expect(sample.entries).toHaveLength(130);
    expect(cases.size).toBe(130);
  });

  it('agrees with BFCL on at least 95% of >= 300 verdicts with argumentMatching "bfcl", on both valid and invalid calls', () => {
    const outcomes = measure('bfcl');
    expect(outcomes.length).toBeGreaterThanOrEqual(300);
    // Both verdicts are well represented, so agreement cannot come from always saying one thing.
    expect(outcomes.filter((o) => o.bfcl).length).toBeGreaterThanOrEqual(100);
    expect(outcomes.filter((o) => !o.bfcl).length).toBeGreaterThanOrEqual(100);
    const labels = new Set(outcomes.map((o) => o.label));
    expect([...labels].sort()).toEqual(
      ['call on irrelevance', 'case and punctuation', 'correct', 'extra parameter', 'float for int', 'int for string', 'no call on irrelevance', 'optional omitted', 'required or listed parameter missing', 'wrong function', 'wrong value'].sort(),
    );
    expect(report('bfcl', outcomes)).toBeGreaterThanOrEqual(0.95);
  });

  it('agrees less with strict matching, which compares strings more strictly and applies enum', () => {
    const bfclOutcomes = measure('bfcl');
    const bfcl = 1 - bfclOutcomes.filter((o) => o.bfcl !== o.harness).length / bfclOutcomes.length;
    expect(report('strict', measure('strict'))).toBeLessThan(bfcl);
  });

  it('known gap, outside the measured set: an integral float for an int (10.0) is 10 once JSON-parsed, so only BFCL rejects it', () => {
    const gaps = sample.entries
      .filter((e) => e.groundTruth)
      .flatMap((entry) => {
        const { call } = correctCall(entry);
        const int = call.args.find(([k, v]) => v.t === 'int' && paramType(entry, call.name, k) === 'integer');
        return int ? [{ entry, label: 'integral float for int', calls: [withArg(call, int[0], { t: 'float', v: (int[1] as { v: number }).v })] }] : [];
      });
    expect(gaps.length).toBeGreaterThan(10);
    for (const g of gaps) {
      expect(bfclVerdict(g.entry.functions, g.entry.groundTruth, g.calls).valid).toBe(false);
      expect(judgeWithHarness(g, 'bfcl').valid).toBe(true);
    }
    console.log(`Integral floats for ints: ${gaps.length} calls BFCL rejects and the harness cannot tell from ints (JSON arguments)`);
  });
});
