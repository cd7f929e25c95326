import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { linearRegExpEngine } from './linear-regex';

export type SchemaIssue = { path: string; keyword: string; message: string; params: Record<string, unknown> };
export type SchemaCheck = { valid: true } | { valid: false; issues: SchemaIssue[] } | { valid: null; schemaError: string };

type AjvInstance = Ajv | Ajv2019 | Ajv2020;
const MAX_CACHED = 500;
const cache = new Map<string, ValidateFunction>();
const instances = new Map<string, AjvInstance>();

// ajv-formats is CommonJS; its default export arrives wrapped under some bundlers.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule);

function dialectOf(schema: Record<string, unknown>): '2020' | '2019' | '07' {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('2020-12')) return '2020';
  if (declared.includes('2019-09')) return '2019';
  return '07';
}

function ajvFor(dialect: '2020' | '2019' | '07'): AjvInstance {
  let ajv = instances.get(dialect);
  if (!ajv) {
    // strict: false because real-world tool schemas carry unknown keywords and loose types.
    // Schema patterns come from MCP servers and values from models: RE2, never backtracking.
    const options = { allErrors: true, strict: false, validateSchema: true, messages: true, code: { regExp: linearRegExpEngine } };
    ajv = dialect === '2020' ? new Ajv2020(options) : dialect === '2019' ? new Ajv2019(options) : new Ajv(options);
    addFormats(ajv);
    instances.set(dialect, ajv);
  }
  return ajv;
}

// Runs of a batch share the listed schema objects: look them up by identity before paying
// for the JSON key.
const byIdentity = new WeakMap<object, ValidateFunction>();

function compile(schema: Record<string, unknown>): ValidateFunction {
  const known = byIdentity.get(schema);
  if (known) return known;
  const key = JSON.stringify(schema);
  const hit = cache.get(key);
  if (hit) {
    byIdentity.set(schema, hit);
    return hit;
  }
  const validate = ajvFor(dialectOf(schema)).compile(schema);
  byIdentity.set(schema, validate);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, validate);
  return validate;
}

function toIssue(e: ErrorObject): SchemaIssue {
  const path = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : '';
  const missing = e.keyword === 'required' ? String((e.params as { missingProperty?: unknown }).missingProperty ?? '') : '';
  const extra = e.keyword === 'additionalProperties' ? String((e.params as { additionalProperty?: unknown }).additionalProperty ?? '') : '';
  const at = [path, missing || extra].filter(Boolean).join('.');
  return { path: at, keyword: e.keyword, message: `${at || '(root)'} ${e.message ?? 'is invalid'}`, params: e.params as Record<string, unknown> };
}

/** Validates a value against a tool's JSON Schema (draft-07 unless the schema declares 2019-09/2020-12). */
export function validateAgainstSchema(schema: Record<string, unknown>, value: unknown): SchemaCheck {
  let validate: ValidateFunction;
  try {
    validate = compile(schema);
  } catch (err) {
    return { valid: null, schemaError: err instanceof Error ? err.message : String(err) };
  }
  if (validate(value)) return { valid: true };
  return { valid: false, issues: (validate.errors ?? []).map(toIssue) };
}
