import { dictGet, type Py } from './python-json';

/**
 * An independent re-statement of BFCL's AST checker for Python entries
 * (ShishirPatil/gorilla, bfcl_eval/eval_checker/ast_eval/ast_checker.py: simple_function_checker,
 * type_checker, string/list/dict/list_dict checkers, multiple_function_checker), over values
 * that keep Python's int/float distinction. It is the expected verdict of the agreement test,
 * so it shares no code with the harness.
 */

type BfclFunction = { name: string; parameters: Py };
export type Call = { name: string; args: [string, Py][] };
type Result = { valid: boolean; error: string };

const OK: Result = { valid: true, error: '' };
const bad = (error: string): Result => ({ valid: false, error });

const TYPE_MAP: Record<string, string> = { string: 'str', integer: 'int', float: 'float', boolean: 'bool', array: 'list', tuple: 'list', dict: 'dict', any: 'str' };

const typeName = (p: Py): string => (p.t === 'none' ? 'NoneType' : p.t);
const isNumeric = (p: Py): p is Extract<Py, { t: 'int' | 'float' | 'bool' }> => p.t === 'int' || p.t === 'float' || p.t === 'bool';
const num = (p: { v: number | boolean }) => Number(p.v);
const isEmptyStr = (p: Py) => p.t === 'str' && p.v === '';

/** Python's ==. */
export function pyEq(a: Py, b: Py): boolean {
  if (isNumeric(a) && isNumeric(b)) return num(a) === num(b);
  if (a.t !== b.t) return false;
  switch (a.t) {
    case 'str':
      return a.v === (b as typeof a).v;
    case 'none':
      return true;
    case 'list': {
      const other = (b as typeof a).v;
      return a.v.length === other.length && a.v.every((x, i) => pyEq(x, other[i] as Py));
    }
    case 'dict': {
      const other = (b as typeof a).v;
      return a.v.length === other.length && a.v.every(([k, v]) => other.some(([k2, v2]) => k2 === k && pyEq(v, v2)));
    }
    default:
      return false;
  }
}
const pyIn = (x: Py, list: Py[]) => list.some((e) => pyEq(x, e));

export function standardize(s: string): string {
  return s.replace(/[ ,./\-_*^]/g, '').toLowerCase().replace(/'/g, '"');
}
const std = (p: Py): Py => (p.t === 'str' ? { t: 'str', v: standardize(p.v) } : p);

function possibleAnswerType(possible: Py[]): string | null {
  const first = possible.find((a) => !isEmptyStr(a));
  return first ? typeName(first) : null;
}

function typeChecker(value: Py, possible: Py[], expected: string, nested: string | null): { valid: boolean; isVariable: boolean } {
  let valid = true;
  const pat = possibleAnswerType(possible);
  const isVariable = pat !== null && pat !== expected;
  if (typeName(value) === expected) {
    if (nested === null) return { valid: true, isVariable };
    for (const item of possible) {
      let flag = true;
      if (item.t === 'list' && value.t === 'list') {
        for (const v of value.v) {
          if (!typeChecker(v, item.v, nested, null).valid) {
            flag = false;
            break;
          }
        }
      }
      if (flag) return { valid: true, isVariable };
    }
    valid = false;
  }
  if (pat !== null && typeName(value) === pat) return { valid, isVariable: true };
  return { valid: false, isVariable };
}

function stringChecker(value: Py, possible: Py[]): boolean {
  return value.t === 'str' && possible.some((p) => p.t === 'str' && standardize(p.v) === standardize(value.v));
}

function listChecker(value: Py, possible: Py[]): boolean {
  if (value.t !== 'list') return false;
  const model: Py = { t: 'list', v: value.v.map(std) };
  return possible.some((p) => p.t === 'list' && pyEq(model, { t: 'list', v: p.v.map(std) }));
}

function dictChecker(value: Py, possibles: Py[]): boolean {
  if (value.t !== 'dict') return false;
  for (const answer of possibles) {
    if (isEmptyStr(answer) || answer.t !== 'dict') continue;
    let flag = true;
    for (const [key, v] of value.v) {
      const accepted = dictGet(answer, key);
      if (!accepted || accepted.t !== 'list' || !pyIn(std(v), accepted.v.map(std))) {
        flag = false;
        break;
      }
    }
    if (flag) {
      for (const [key, accepted] of answer.v) {
        if (!value.v.some(([k]) => k === key) && !(accepted.t === 'list' && accepted.v.some(isEmptyStr))) {
          flag = false;
          break;
        }
      }
    }
    if (flag) return true;
  }
  return false;
}

function listDictChecker(value: Py, possibles: Py[]): boolean {
  if (value.t !== 'list') return false;
  return possibles.some((answer) => answer.t === 'list' && answer.v.length === value.v.length && value.v.every((d, i) => dictChecker(d, [answer.v[i] as Py])));
}

const strOf = (p: Py | undefined) => (p?.t === 'str' ? p.v : '');

/** simple_function_checker for Python. `answer` is the ground truth's {param: [acceptable values]}. */
function simpleFunctionChecker(fn: BfclFunction, call: Call, answer: Py): Result {
  if (call.name !== fn.name) return bad('wrong_func_name');
  const properties = dictGet(fn.parameters, 'properties');
  const required = dictGet(fn.parameters, 'required');
  for (const r of required?.t === 'list' ? required.v : []) {
    if (!call.args.some(([k]) => k === strOf(r))) return bad(`missing_required:${strOf(r)}`);
  }
  for (const [param, given] of call.args) {
    let value = given;
    const details = properties ? dictGet(properties, param) : undefined;
    const possibleList = dictGet(answer, param);
    if (!details || !possibleList || possibleList.t !== 'list') return bad(`unexpected_param:${param}`);
    const possible = possibleList.v;
    const typeDescription = strOf(dictGet(details, 'type'));
    const expected = TYPE_MAP[typeDescription];
    if (!expected) throw new Error(`reference checker: BFCL would raise on type ${typeDescription}`);
    let nested: string | null = null;
    if (typeDescription === 'array' || typeDescription === 'tuple') {
      const items = dictGet(details, 'items');
      nested = TYPE_MAP[strOf(items && dictGet(items, 'type'))] ?? null;
    }
    if (typeDescription === 'float' && value.t === 'int') value = { t: 'float', v: value.v };
    const types = typeChecker(value, possible, expected, nested);
    if (!types.valid) return bad(`type_error:${param}`);
    if (!types.isVariable) {
      if (expected === 'dict') {
        if (!dictChecker(value, possible)) return bad(`value_error:dict:${param}`);
        continue;
      }
      if (expected === 'list' && nested === 'dict') {
        if (!listDictChecker(value, possible)) return bad(`value_error:list_dict:${param}`);
        continue;
      }
      if (expected === 'str') {
        if (!stringChecker(value, possible)) return bad(`value_error:string:${param}`);
        continue;
      }
      if (expected === 'list') {
        if (!listChecker(value, possible)) return bad(`value_error:list:${param}`);
        continue;
      }
    }
    if (!pyIn(value, possible)) return bad(`value_error:others:${param}`);
  }
  if (answer.t === 'dict') {
    for (const [param, accepted] of answer.v) {
      if (!call.args.some(([k]) => k === param) && !(accepted.t === 'list' && accepted.v.some(isEmptyStr))) return bad(`missing_optional:${param}`);
    }
  }
  return OK;
}

/**
 * BFCL's verdict for one model output (a list of calls) on an entry: irrelevance entries are
 * right only without a call; simple and multiple entries need exactly one call that passes
 * simple_function_checker against the ground truth's function.
 */
export function bfclVerdict(functions: BfclFunction[], groundTruth: Py | undefined, calls: Call[]): Result {
  if (!groundTruth) return calls.length === 0 ? OK : bad('irrelevance:called');
  if (groundTruth.t !== 'list' || groundTruth.v.length !== 1) throw new Error('reference checker: single-call entries only');
  if (calls.length !== 1) return bad('wrong_count');
  const expectedCall = groundTruth.v[0] as Py;
  if (expectedCall.t !== 'dict' || expectedCall.v.length !== 1) throw new Error('reference checker: malformed ground truth');
  const [name, answer] = expectedCall.v[0] as [string, Py];
  const fn = functions.find((f) => f.name === name) ?? (functions.length === 1 ? functions[0] : undefined);
  if (!fn) throw new Error(`reference checker: ${name} not declared`);
  return simpleFunctionChecker(fn, calls[0] as Call, answer);
}

/**
 * BFCL's verdict on a multi-call entry (parallel, parallel_multiple): parallel_function_checker_no_order.
 * The model's calls must be as many as the ground truth's; each expected call, in the ground
 * truth's order, takes the first not yet matched call that passes simple_function_checker.
 */
export function bfclParallelVerdict(functions: BfclFunction[], groundTruth: Py, calls: Call[]): Result {
  if (groundTruth.t !== 'list') throw new Error('reference checker: malformed ground truth');
  if (calls.length !== groundTruth.v.length) return bad('parallel_function_checker_no_order:wrong_count');
  const matched = new Set<number>();
  for (const expectedCall of groundTruth.v) {
    if (expectedCall.t !== 'dict' || expectedCall.v.length !== 1) throw new Error('reference checker: malformed ground truth');
    const [name, answer] = expectedCall.v[0] as [string, Py];
    const fn = functions.find((f) => f.name === name);
    if (!fn) throw new Error(`reference checker: ${name} not declared`);
    const index = calls.findIndex((c, i) => !matched.has(i) && c.name === name && simpleFunctionChecker(fn, c, answer).valid);
    if (index < 0) return bad(`parallel_function_checker_no_order:cannot_find_match:${name}`);
    matched.add(index);
  }
  return OK;
}
