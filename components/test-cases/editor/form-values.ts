import type { ServerDto, TestCaseDto } from '@/components/data/types';
import type { TestCasePayload } from '../api';
import type { CaseMode } from '@/lib/eval/sequence/types';
import type { ExpectedParameters } from './expected-arguments';
import { EMPTY_SEQUENCE, sequenceFromTestCase, sequencePayload, validateSequence, type SequenceValues } from './sequence/sequence-values';

// The limits of lib/test-cases/schemas.ts, repeated because importing it would ship zod to the browser.
export const QUERY_MAX_LENGTH = 8000;
export const NAME_MAX_LENGTH = 200;
export const MAX_SERVERS = 20;
export const MAX_TAGS = 20;
export const TAG_MAX_LENGTH = 50;
const TAG_PATTERN = /^[\w\-. ]+$/;

/** What the form edits; the expected server is held by id and sent by name. */
export type FormValues = {
  name: string;
  query: string;
  serverIds: string[];
  negative: boolean;
  expectedServerId: string;
  expectedTool: string;
  expectedParameters: ExpectedParameters | null;
  /** How the arguments are compared: 'strict' or 'bfcl'. */
  argumentMatching: TestCaseDto['argumentMatching'];
  /** Comma-separated, as typed. */
  tags: string;
  /** selection (one call, the pair above) or sequence (the agent loop and the fields below). */
  mode: CaseMode;
  /** The sequence fields (issue 17), edited in sequence mode. */
  sequence: SequenceValues;
};

export type FieldName = 'name' | 'query' | 'tags' | 'serverIds' | 'expectedServer' | 'expectedTool' | 'expectedParameters';

/** `paths`: problems of the sequence fields by API path ("maxSteps", "expectedCalls.1.tool"). */
export type FieldErrors = Partial<Record<FieldName, string>> & { arguments?: Record<string, string>; paths?: Record<string, string> };

export const FIELD_LABELS: Record<FieldName, string> = {
  name: 'Name',
  query: 'Query',
  tags: 'Tags',
  serverIds: 'Servers',
  expectedServer: 'Expected server',
  expectedTool: 'Expected tool',
  expectedParameters: 'Expected arguments',
};

export const EMPTY_VALUES: FormValues = {
  name: '',
  query: '',
  serverIds: [],
  negative: false,
  expectedServerId: '',
  expectedTool: '',
  expectedParameters: null,
  argumentMatching: 'strict',
  tags: '',
  mode: 'selection',
  sequence: EMPTY_SEQUENCE,
};

/** "smoke, github ,, smoke" -> ["smoke", "github"]. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];
}

export function valuesFromTestCase(tc: TestCaseDto): FormValues {
  const expected = tc.servers.find((s) => s.name === tc.expectedServer);
  return {
    name: tc.name,
    query: tc.query,
    serverIds: tc.serverIds,
    negative: tc.expectedTool === null,
    expectedServerId: expected?.id ?? '',
    expectedTool: tc.expectedTool ?? '',
    expectedParameters: tc.expectedParameters,
    argumentMatching: tc.argumentMatching,
    tags: tc.tags.join(', '),
    mode: tc.mode,
    sequence: sequenceFromTestCase(tc),
  };
}

/** The same rules as the API, checked before sending so mistakes show at once. */
export function validate(values: FormValues, argumentErrorCount: number): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.name.trim()) errors.name = 'Give the test case a name.';
  else if (values.name.trim().length > NAME_MAX_LENGTH) errors.name = `At most ${NAME_MAX_LENGTH} characters.`;
  if (!values.query.trim()) errors.query = 'Write the query the model will get.';
  else if (values.query.length > QUERY_MAX_LENGTH) errors.query = `At most ${QUERY_MAX_LENGTH.toLocaleString('en')} characters; this one has ${values.query.length.toLocaleString('en')}.`;
  const tags = parseTags(values.tags);
  const badTag = tags.find((t) => t.length > TAG_MAX_LENGTH || !TAG_PATTERN.test(t));
  if (badTag) errors.tags = `“${badTag.slice(0, 60)}”: a tag is at most ${TAG_MAX_LENGTH} letters, digits, spaces, '_', '-' or '.'; separate tags with commas.`;
  else if (tags.length > MAX_TAGS) errors.tags = `At most ${MAX_TAGS} tags; this has ${tags.length}.`;
  if (values.serverIds.length === 0) errors.serverIds = 'Tick at least one server.';
  else if (values.serverIds.length > MAX_SERVERS) errors.serverIds = `At most ${MAX_SERVERS} servers.`;
  if (values.mode === 'sequence') {
    const paths = validateSequence(values.sequence);
    if (Object.keys(paths).length > 0) errors.paths = paths;
  } else {
    // A selection case has no sequence fields but its context, which its model gets too.
    const paths = Object.fromEntries(Object.entries(validateSequence(values.sequence)).filter(([p]) => p === 'context' || p.startsWith('context.')));
    if (Object.keys(paths).length > 0) errors.paths = paths;
    if (!values.negative) {
      if (!values.serverIds.includes(values.expectedServerId)) errors.expectedServer = 'Choose the server whose tool should be called.';
      if (!values.expectedTool.trim()) errors.expectedTool = 'Choose the tool the model should call, or make this a negative case.';
      if (argumentErrorCount > 0) errors.expectedParameters = 'Fix the expected arguments marked below.';
    }
  }
  return errors;
}

export function toPayload(values: FormValues, servers: ServerDto[]): TestCasePayload {
  const common = { name: values.name.trim(), query: values.query, serverIds: values.serverIds, argumentMatching: values.argumentMatching, tags: parseTags(values.tags) };
  if (values.mode === 'sequence') {
    // The pair mirrors the first expected call, as the API keeps it.
    const first = values.sequence.expectedCalls[0];
    return {
      ...common,
      expectedServer: first?.server ?? null,
      expectedTool: first ? first.tool.trim() : null,
      expectedParameters: first?.arguments ?? null,
      ...sequencePayload('sequence', values.sequence),
    };
  }
  const expectedServer = values.negative ? null : (servers.find((s) => s.id === values.expectedServerId)?.name ?? null);
  return {
    name: values.name.trim(),
    query: values.query,
    serverIds: values.serverIds,
    expectedServer,
    expectedTool: values.negative ? null : values.expectedTool.trim() || null,
    expectedParameters: values.negative ? null : values.expectedParameters,
    argumentMatching: values.argumentMatching,
    tags: parseTags(values.tags),
    ...sequencePayload('selection', values.sequence),
  };
}
