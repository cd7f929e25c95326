import { RUN_STATUSES, type Definition, type Run, type RunStatus, type Transcript } from './valuerank-fixtures';
import {
  findDefinitions,
  findRuns,
  getDefinition,
  getRun,
  getTranscript,
  summarizeRun,
  transcriptsOf,
} from './valuerank-queries';

// A deliberately tiny GraphQL subset over the fixtures: one query operation with fields,
// aliases, arguments (string/number/boolean/null/enum literals and $variables) and nested
// selections. No fragments, directives or mutations; the demo is read-only.

export const GRAPHQL_SCHEMA_SUMMARY =
  'Root fields: definitions(search, tag), definition(id), runs(definitionId, status, model, limit), run(id), ' +
  'transcripts(runId, limit), transcript(id). Definition { id name description dimensions scenarioCount tags ' +
  'version createdAt runs }. Run { id definitionId model status temperature startedAt completedAt progress ' +
  'error definition transcripts summary }. Transcript { id runId scenarioId scenarioTitle decision turns ' +
  'flagged scores summary run }.';

export class GraphQLQueryError extends Error {}

type Value = string | number | boolean | null | { variable: string } | Value[];
type Field = { name: string; alias: string; args: Record<string, Value>; selection: Field[] | null };
type Token = { kind: 'punct' | 'name' | 'string' | 'number'; text: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  // Commas are insignificant in GraphQL, like whitespace.
  const pattern = /\s+|,|#[^\n]*|(\.\.\.|[{}():$!\[\]=@])|([_A-Za-z][_0-9A-Za-z]*)|("(?:[^"\\\n]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/y;
  while (pattern.lastIndex < source.length) {
    const at = pattern.lastIndex;
    const m = pattern.exec(source);
    if (!m) throw new GraphQLQueryError(`Syntax error: unexpected character '${source[at]}' at position ${at}`);
    if (m[1]) tokens.push({ kind: 'punct', text: m[1] });
    else if (m[2]) tokens.push({ kind: 'name', text: m[2] });
    else if (m[3]) tokens.push({ kind: 'string', text: JSON.parse(m[3]) as string });
    else if (m[4]) tokens.push({ kind: 'number', text: m[4] });
  }
  return tokens;
}

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private next(): Token {
    const token = this.tokens[this.pos++];
    if (!token) throw new GraphQLQueryError('Syntax error: unexpected end of query');
    return token;
  }

  private expect(text: string): void {
    const token = this.next();
    if (token.text !== text || token.kind === 'string') throw new GraphQLQueryError(`Syntax error: expected '${text}', got '${token.text}'`);
  }

  private isPunct(text: string): boolean {
    const token = this.peek();
    return token?.kind === 'punct' && token.text === text;
  }

  parseDocument(): Field[] {
    const first = this.peek();
    if (first?.kind === 'name') {
      if (first.text === 'mutation' || first.text === 'subscription') {
        throw new GraphQLQueryError(`${first.text} operations are not supported: this API is read-only`);
      }
      if (first.text !== 'query') throw new GraphQLQueryError(`Syntax error: unexpected '${first.text}'`);
      this.next();
      if (this.peek()?.kind === 'name') this.next();
      if (this.isPunct('(')) this.skipVariableDefinitions();
    }
    const selection = this.parseSelectionSet();
    if (this.peek()) throw new GraphQLQueryError('Only a single operation without fragments is supported');
    return selection;
  }

  /** Variable types are not checked, so their declarations are skipped. */
  private skipVariableDefinitions(): void {
    let depth = 0;
    do {
      const token = this.next();
      if (token.kind === 'punct' && token.text === '(') depth++;
      if (token.kind === 'punct' && token.text === ')') depth--;
    } while (depth > 0);
  }

  private parseSelectionSet(): Field[] {
    this.expect('{');
    const fields: Field[] = [];
    while (!this.isPunct('}')) fields.push(this.parseField());
    this.next();
    if (fields.length === 0) throw new GraphQLQueryError('Syntax error: empty selection set');
    return fields;
  }

  private parseName(): string {
    const token = this.next();
    if (token.kind !== 'name') throw new GraphQLQueryError(`Syntax error: expected a field name, got '${token.text}'`);
    return token.text;
  }

  private parseField(): Field {
    if (this.isPunct('...')) throw new GraphQLQueryError('Fragments are not supported');
    const alias = this.parseName();
    let name = alias;
    if (this.isPunct(':')) {
      this.next();
      name = this.parseName();
    }
    if (this.isPunct('@')) throw new GraphQLQueryError('Directives are not supported');
    const args: Record<string, Value> = {};
    if (this.isPunct('(')) {
      this.next();
      while (!this.isPunct(')')) {
        const argName = this.parseName();
        this.expect(':');
        args[argName] = this.parseValue();
      }
      this.next();
    }
    const selection = this.isPunct('{') ? this.parseSelectionSet() : null;
    return { name, alias, args, selection };
  }

  private parseValue(): Value {
    const token = this.next();
    if (token.kind === 'string') return token.text;
    if (token.kind === 'number') return Number(token.text);
    if (token.kind === 'name') {
      if (token.text === 'true' || token.text === 'false') return token.text === 'true';
      return token.text === 'null' ? null : token.text; // enum literal
    }
    if (token.text === '$') return { variable: this.parseName() };
    if (token.text === '[') {
      const items: Value[] = [];
      while (!this.isPunct(']')) items.push(this.parseValue());
      this.next();
      return items;
    }
    throw new GraphQLQueryError(`Syntax error: unexpected '${token.text}' in argument value`);
  }
}

type Node =
  | { type: 'Query' }
  | { type: 'Definition'; value: Definition }
  | { type: 'Run'; value: Run }
  | { type: 'Transcript'; value: Transcript };
type Args = Record<string, unknown>;

const SCALARS: Record<Exclude<Node['type'], 'Query'>, readonly string[]> = {
  Definition: ['id', 'name', 'description', 'dimensions', 'scenarioCount', 'tags', 'version', 'createdAt'],
  Run: ['id', 'definitionId', 'model', 'status', 'temperature', 'startedAt', 'completedAt', 'progress', 'error'],
  Transcript: ['id', 'runId', 'scenarioId', 'scenarioTitle', 'decision', 'turns', 'flagged', 'scores', 'summary'],
};

function stringArg(args: Args, name: string, required = false): string | undefined {
  const value = args[name];
  if (value === undefined || value === null) {
    if (required) throw new GraphQLQueryError(`Argument '${name}' is required`);
    return undefined;
  }
  if (typeof value !== 'string') throw new GraphQLQueryError(`Argument '${name}' must be a string`);
  return value;
}

function limitArg(args: Args): number {
  const value = args.limit ?? 50;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new GraphQLQueryError("Argument 'limit' must be a positive integer");
  return value;
}

function statusArg(args: Args): RunStatus | undefined {
  const status = stringArg(args, 'status');
  if (status === undefined) return undefined;
  const match = RUN_STATUSES.find((s) => s === status.toLowerCase());
  if (!match) throw new GraphQLQueryError(`Argument 'status' must be one of ${RUN_STATUSES.join(', ')}`);
  return match;
}

const nodes = <T, N extends Node>(values: T[], wrap: (value: T) => N): N[] => values.map(wrap);
const asDefinition = (value: Definition): Node => ({ type: 'Definition', value });
const asRun = (value: Run): Node => ({ type: 'Run', value });
const asTranscript = (value: Transcript): Node => ({ type: 'Transcript', value });
const maybe = <T>(value: T | undefined, wrap: (v: T) => Node): Node | null => (value ? wrap(value) : null);

function resolveField(node: Node, field: string, args: Args): unknown {
  switch (node.type) {
    case 'Query':
      switch (field) {
        case 'definitions': {
          const search = stringArg(args, 'search');
          const tag = stringArg(args, 'tag');
          return nodes(findDefinitions({ ...(search ? { search } : {}), ...(tag ? { tag } : {}) }), asDefinition);
        }
        case 'definition':
          return maybe(getDefinition(stringArg(args, 'id', true) ?? ''), asDefinition);
        case 'runs': {
          const definitionId = stringArg(args, 'definitionId');
          const model = stringArg(args, 'model');
          const status = statusArg(args);
          const runs = findRuns({ ...(definitionId ? { definitionId } : {}), ...(model ? { model } : {}), ...(status ? { status } : {}) });
          return nodes(runs.slice(0, limitArg(args)), asRun);
        }
        case 'run':
          return maybe(getRun(stringArg(args, 'id', true) ?? ''), asRun);
        case 'transcripts':
          return nodes(transcriptsOf(stringArg(args, 'runId', true) ?? '').slice(0, limitArg(args)), asTranscript);
        case 'transcript':
          return maybe(getTranscript(stringArg(args, 'id', true) ?? ''), asTranscript);
      }
      break;
    case 'Definition':
      if (field === 'runs') return nodes(findRuns({ definitionId: node.value.id }), asRun);
      break;
    case 'Run':
      if (field === 'definition') return maybe(getDefinition(node.value.definitionId), asDefinition);
      if (field === 'transcripts') return nodes(transcriptsOf(node.value.id), asTranscript);
      if (field === 'summary') {
        const { run: _run, definition: _definition, ...summary } = summarizeRun(node.value);
        return summary;
      }
      break;
    case 'Transcript':
      if (field === 'run') return maybe(getRun(node.value.runId), asRun);
      break;
  }
  if (node.type !== 'Query' && SCALARS[node.type].includes(field)) {
    return (node.value as Record<string, unknown>)[field] ?? null;
  }
  throw new GraphQLQueryError(`Cannot query field '${field}' on type '${node.type}'`);
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'type' in value && typeof (value as { type: unknown }).type === 'string' && 'value' in value;
}

function substitute(value: Value, variables: Args): unknown {
  if (Array.isArray(value)) return value.map((v) => substitute(v, variables));
  if (value !== null && typeof value === 'object') {
    if (!(value.variable in variables)) throw new GraphQLQueryError(`Variable '$${value.variable}' is not defined`);
    return variables[value.variable];
  }
  return value;
}

function complete(value: unknown, field: Field, variables: Args, typeName: string): unknown {
  if (Array.isArray(value)) return value.map((item: unknown) => complete(item, field, variables, typeName));
  if (isNode(value)) {
    if (!field.selection) throw new GraphQLQueryError(`Field '${field.name}' of type '${value.type}' must have a selection of subfields`);
    return executeSelection(value, field.selection, variables);
  }
  if (field.selection && value !== null) throw new GraphQLQueryError(`Field '${field.name}' on type '${typeName}' has no subfields`);
  return value;
}

function executeSelection(node: Node, selection: Field[], variables: Args): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of selection) {
    if (field.name === '__typename') {
      out[field.alias] = node.type;
      continue;
    }
    const args = Object.fromEntries(Object.entries(field.args).map(([k, v]) => [k, substitute(v, variables)]));
    out[field.alias] = complete(resolveField(node, field.name, args), field, variables, node.type);
  }
  return out;
}

/** Runs a query; throws GraphQLQueryError for anything outside the supported subset. */
export function executeGraphQL(query: string, variables: Args = {}): Record<string, unknown> {
  const selection = new Parser(tokenize(query)).parseDocument();
  return executeSelection({ type: 'Query' }, selection, variables);
}
