import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as importRoute from '@/app/api/import/bfcl/route';
import { getTestCase, type TestCaseWithServers } from '@/db/queries/test-cases';
import { effectiveExpectedCalls } from '@/lib/eval/judge/sequence/expected';
import { judgeSequence, UNKNOWN_SERVER } from '@/lib/eval/judge/sequence/judge';
import type { TrajectoryCall } from '@/lib/eval/sequence/types';
import type { BfclImportReport } from '@/lib/import/bfcl';
import { storedToolsOf } from '@/lib/servers/static-tools/store';
import { call as callRoute } from './helpers/api';
import { bfclParallelVerdict, type Call } from './helpers/bfcl-reference';
import { dictGet, parsePythonJson, toJs, type Py } from './helpers/python-json';

/**
 * Agreement with BFCL's checker on multi-call entries, a figure apart from the single-call one
 * (tests/bfcl-agreement.test.ts), so neither moves the other. The shared sample holds no
 * parallel or parallel_multiple entries, so this composes them from it the way BFCL's
 * parallel_multiple entries are made: two simple entries' questions asked together, both
 * function sets declared, both ground-truth calls expected. Each is imported through the API
 * (a one-turn sequence case: callOrder any, maxSteps 1, nothing executed), scripted one-turn
 * answers are judged by the sequence judge and by a re-statement of BFCL's
 * parallel_function_checker_no_order (helpers/bfcl-reference.ts).
 */

const SAMPLE = path.resolve(process.cwd(), '../shared/data/bfcl/bfcl-v4-sample.json');

type Fn = { name: string; parameters: Py };
type Composed = { id: string; raw: Record<string, unknown>; functions: Fn[]; groundTruth: Extract<Py, { t: 'list' }>; answer: { id: string; ground_truth: unknown[] } };
type Scripted = { entry: Composed; label: string; calls: Call[] };

const strOf = (p: Py | undefined) => (p?.t === 'str' ? p.v : '');
const isEmptyStr = (p: Py) => p.t === 'str' && p.v === '';

function compose(): Composed[] {
  const text = fs.readFileSync(SAMPLE, 'utf8');
  const raw = (JSON.parse(text) as { simple: { id: string; question: { role: string; content: string }[][]; function: { name: string }[]; ground_truth: unknown[] }[] }).simple;
  const typedList = dictGet(parsePythonJson(text), 'simple');
  const typed = typedList?.t === 'list' ? typedList.v : [];
  const out: Composed[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const [a, b] = [raw[i], raw[i + 1]];
    const [ta, tb] = [typed[i], typed[i + 1]];
    if (!a || !b || !ta || !tb) continue;
    const fnsOf = (t: Py): Fn[] => {
      const l = dictGet(t, 'function');
      return (l?.t === 'list' ? l.v : []).map((f) => ({ name: strOf(dictGet(f, 'name')), parameters: dictGet(f, 'parameters') as Py }));
    };
    const sameName = a.function.some((f) => b.function.some((g) => g.name === f.name));
    if (sameName && JSON.stringify(a.function) !== JSON.stringify(b.function)) continue;
    const functions = sameName ? fnsOf(ta) : [...fnsOf(ta), ...fnsOf(tb)];
    const gtA = dictGet(ta, 'ground_truth') as Extract<Py, { t: 'list' }>;
    const gtB = dictGet(tb, 'ground_truth') as Extract<Py, { t: 'list' }>;
    const id = `parallel_multiple_composed_${a.id}_${b.id}`;
    const userText = (e: typeof a) => (e.question[0] ?? []).filter((m) => m.role === 'user').map((m) => m.content).join('\n');
    out.push({
      id,
      raw: { id, question: [[{ role: 'user', content: `${userText(a)}\nAlso: ${userText(b)}` }]], function: sameName ? a.function : [...a.function, ...b.function] },
      functions,
      groundTruth: { t: 'list', v: [...gtA.v, ...gtB.v] },
      answer: { id, ground_truth: [...a.ground_truth, ...b.ground_truth] },
    });
  }
  return out;
}

function firstOfDict(answer: Py): Py {
  if (answer.t !== 'dict') return answer;
  const v: [string, Py][] = [];
  for (const [k, accepted] of answer.v) {
    const first = accepted.t === 'list' ? accepted.v.find((x) => !isEmptyStr(x)) : undefined;
    if (first) v.push([k, first]);
  }
  return { t: 'dict', v };
}

/** The ground truth's first acceptable value per parameter ("" alone: left out). */
function correctCall(entry: Composed, gtCall: Py): Call {
  const [name, answer] = (gtCall as Extract<Py, { t: 'dict' }>).v[0] as [string, Py];
  const fn = entry.functions.find((f) => f.name === name);
  const props = fn && dictGet(fn.parameters, 'properties');
  const args: [string, Py][] = [];
  for (const [param, accepted] of answer.t === 'dict' ? answer.v : []) {
    const first = (accepted.t === 'list' ? accepted.v : []).find((x) => !isEmptyStr(x));
    if (!first) continue;
    const details = props && dictGet(props, param);
    const type = strOf(details && dictGet(details, 'type'));
    const items = details && dictGet(details, 'items');
    if (type === 'dict') args.push([param, firstOfDict(first)]);
    else if (type === 'array' && strOf(items && dictGet(items, 'type')) === 'dict' && first.t === 'list') args.push([param, { t: 'list', v: first.v.map(firstOfDict) }]);
    else args.push([param, first]);
  }
  return { name, args };
}

function wrongValue(v: Py): Py | null {
  if (v.t === 'str') return { t: 'str', v: `${v.v} zzz` };
  if (v.t === 'int') return { t: 'int', v: v.v + 7 };
  if (v.t === 'float') return { t: 'float', v: v.v + 1.5 };
  if (v.t === 'bool') return { t: 'bool', v: !v.v };
  return null;
}

function scripted(entry: Composed): Scripted[] {
  const [first, second] = entry.groundTruth.v.map((g) => correctCall(entry, g)) as [Call, Call];
  const s = (label: string, calls: Call[]): Scripted => ({ entry, label, calls });
  const out = [s('both, in order', [first, second]), s('both, reversed', [second, first]), s('one missing', [second]), s('no call', []), s('one extra (repeated)', [first, second, first])];
  const changeable = second.args.find(([, v]) => wrongValue(v) !== null);
  if (changeable) out.push(s('wrong value in one', [first, { name: second.name, args: second.args.map(([k, v]) => [k, k === changeable[0] ? (wrongValue(v) as Py) : v]) }]));
  const str = first.args.find(([, v]) => v.t === 'str' && /[a-z]/i.test(v.v));
  if (str) out.push(s('case and punctuation in one', [{ name: first.name, args: first.args.map(([k, v]) => [k, k === str[0] ? { t: 'str', v: `${(v as { v: string }).v.toUpperCase().replace(/ /g, '-')}.` } : v]) }, second]));
  out.push(s('one undeclared function', [first, { name: 'not_a_declared_function', args: second.args }]));
  return out;
}

describe('BFCL agreement on multi-call entries (parallel_multiple, composed from the sample)', () => {
  const entries = compose();
  const imported = new Map<string, { testCaseId: string; serverId: string; serverName: string }>();
  /** Each imported case and its static tools, read once after the import (the judge below is synchronous). */
  const stored = new Map<string, { testCase: TestCaseWithServers; tools: Awaited<ReturnType<typeof storedToolsOf>> }>();

  beforeAll(async () => {
    const res = await callRoute<BfclImportReport>(importRoute.POST, 'POST', '/api/import/bfcl', { body: { entries: entries.map((e) => e.raw), answers: entries.map((e) => e.answer) } });
    expect(res.status).toBe(201);
    expect(res.body.failed).toBe(0);
    for (const r of res.body.results) if (r.status === 'created' && r.id) imported.set(r.id, r);
    for (const [id, r] of imported) {
      const testCase = await getTestCase(r.testCaseId);
      if (testCase) stored.set(id, { testCase, tools: await storedToolsOf(r.serverId) });
    }
  }, 60_000);

  function judgeWithHarness(sc: Scripted): { valid: boolean; reasons: string[] } {
    const found = imported.get(sc.entry.id);
    const read = stored.get(sc.entry.id);
    if (!found || !read) throw new Error(`${sc.entry.id} was not imported`);
    const { testCase } = read;
    const snapshot = read.tools.map((t) => ({ serverName: found.serverName, name: t.name, inputSchema: t.inputSchema as Record<string, unknown> }));
    const calls: TrajectoryCall[] = sc.calls.map((c) => ({
      step: 0,
      exposedName: c.name,
      server: snapshot.some((t) => t.name === c.name) ? found.serverName : UNKNOWN_SERVER,
      tool: c.name,
      arguments: toJs({ t: 'dict', v: c.args }) as Record<string, unknown>,
      source: 'not_executed',
      result: { text: 'not executed in evaluation', isError: false },
      durationMs: 0,
    }));
    // maxSteps 1: a turn with calls ends the loop at its limit, which the judge reports as max_steps.
    const verdict = judgeSequence({
      testCase: { expectedCalls: effectiveExpectedCalls(testCase), callOrder: testCase.callOrder, forbiddenTools: testCase.forbiddenTools, argumentMatching: testCase.argumentMatching },
      trajectory: { calls, stop: calls.length ? 'max_steps' : 'answered' },
      snapshot,
    });
    const reasons = verdict.failureReasons.filter((r) => r !== 'max_steps');
    return { valid: verdict.classification === 'TP' && reasons.length === 0, reasons };
  }

  it('imports every composed entry as a one-turn, any-order sequence case', () => {
    expect(entries.length).toBeGreaterThanOrEqual(25);
    expect(imported.size).toBe(entries.length);
    expect(stored.size).toBe(entries.length);
    for (const { testCase } of stored.values()) {
      expect(testCase).toMatchObject({ mode: 'sequence', callOrder: 'any', maxSteps: 1, execute: 'none', argumentMatching: 'bfcl' });
    }
  });

  it('agrees with BFCL\'s parallel checker on at least 95% of the verdicts, valid and invalid', () => {
    const outcomes = entries.flatMap(scripted).map((sc) => {
      const bfcl = bfclParallelVerdict(sc.entry.functions, sc.entry.groundTruth, sc.calls);
      const harness = judgeWithHarness(sc);
      return { entry: sc.entry.id, label: sc.label, bfcl: bfcl.valid, bfclError: bfcl.error, harness: harness.valid, reasons: harness.reasons };
    });
    expect(outcomes.filter((o) => o.bfcl).length).toBeGreaterThanOrEqual(40);
    expect(outcomes.filter((o) => !o.bfcl).length).toBeGreaterThanOrEqual(100);
    const disagreements = outcomes.filter((o) => o.bfcl !== o.harness);
    const agreement = 1 - disagreements.length / outcomes.length;
    console.log(`BFCL multi-call agreement (argumentMatching "bfcl"): ${(agreement * 100).toFixed(1)}% of ${outcomes.length} verdicts on ${entries.length} composed entries (${outcomes.filter((o) => o.bfcl).length} valid per BFCL)`);
    for (const d of disagreements) console.log(`  ${d.entry} [${d.label}] BFCL ${d.bfcl ? 'valid' : `invalid (${d.bfclError})`}, harness ${d.harness ? 'valid' : `invalid (${d.reasons.join(', ')})`}`);
    // Order never matters and a missing or extra call always fails, in both.
    for (const o of outcomes.filter((x) => x.label === 'one missing' || x.label === 'one extra (repeated)' || x.label === 'no call')) expect([o.bfcl, o.harness]).toEqual([false, false]);
    expect(agreement).toBeGreaterThanOrEqual(0.95);
  });
});
