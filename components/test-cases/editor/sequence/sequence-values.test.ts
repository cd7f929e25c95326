import { describe, expect, it } from 'vitest';
import type { ServerDto, TestCaseDto } from '@/components/data/types';
import { ApiError } from '@/components/data/fetcher';
import { TestCaseInputSchema, TestCasePatchSchema } from '@/lib/test-cases/schemas';
import { fieldErrorsFromApi } from '../api-errors';
import { draftFromValue, valueFromDraft } from '../argument-draft';
import { buildExpected, splitExpected } from '../expected-arguments';
import { EMPTY_VALUES, toPayload, validate, valuesFromTestCase, type FormValues } from '../form-values';
import type { PropertySpec } from '../schema-properties';
import { EMPTY_SEQUENCE, newKey } from './sequence-values';

const todo = { id: 's-todo', name: 'todo' } as ServerDto;

const sequenceValues: FormValues = {
  ...EMPTY_VALUES,
  name: 'milk',
  query: 'Find the todo about milk and mark it done',
  serverIds: ['s-todo'],
  mode: 'sequence',
  sequence: {
    ...EMPTY_SEQUENCE,
    expectedCalls: [
      { key: newKey('e'), server: 'todo', tool: 'search_todos', arguments: { query: { $contains: 'milk' } }, argumentErrors: 0 },
      { key: newKey('e'), server: 'todo', tool: 'update_todo', arguments: { id: { $fromResult: { call: 0, path: '$.items[0].id' } } }, argumentErrors: 0 },
    ],
    callOrder: 'any',
    forbiddenTools: [{ server: 'todo', tool: 'delete_todo' }],
    maxSteps: '7',
    executeKind: 'allow',
    allow: [{ server: 'todo', tool: 'search_todos' }],
    mockResults: [{ key: newKey('m'), server: 'todo', tool: 'update_todo', matchText: '{"done": true}', text: 'updated', isError: false }],
    context: [
      { key: newKey('t'), role: 'user', content: 'hi' },
      { key: newKey('t'), role: 'assistant', content: '', toolCalls: [{ key: newKey('c'), id: 'c1', server: 'todo', tool: 'list_todos', argumentsText: '{"limit": 2}' }] },
      { key: newKey('t'), role: 'tool', callId: 'c1', content: '[]', isError: true },
    ],
  },
};

describe('sequence fields of the test case form', () => {
  it('builds a body the API schema accepts, the pair mirroring the first call', () => {
    const body = toPayload(sequenceValues, [todo]);
    const parsed = TestCaseInputSchema.safeParse(body);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(body).toMatchObject({
      mode: 'sequence',
      expectedServer: 'todo',
      expectedTool: 'search_todos',
      expectedParameters: { query: { $contains: 'milk' } },
      callOrder: 'any',
      maxSteps: 7,
      execute: { allow: [{ server: 'todo', tool: 'search_todos' }] },
      mockResults: [{ server: 'todo', tool: 'update_todo', match: { done: true }, result: { text: 'updated' } }],
      context: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', toolCalls: [{ id: 'c1', server: 'todo', tool: 'list_todos', arguments: { limit: 2 } }] },
        { role: 'tool', callId: 'c1', content: '[]', isError: true },
      ],
    });
    expect(body.expectedCalls?.[1]).toEqual({ server: 'todo', tool: 'update_todo', arguments: { id: { $fromResult: { call: 0, path: '$.items[0].id' } } } });
  });

  it('reads a stored sequence case back into the same body', () => {
    const body = toPayload(sequenceValues, [todo]);
    const dto = { ...body, id: 'x', servers: [todo], argumentMatching: 'strict', tags: [], expectedCalls: body.expectedCalls } as unknown as TestCaseDto;
    expect(toPayload(valuesFromTestCase(dto), [todo])).toEqual(body);
  });

  it('a selection case sends its mode and no expected calls, leaving the other sequence fields alone', () => {
    const body = toPayload({ ...sequenceValues, mode: 'selection', negative: false, expectedServerId: 's-todo', expectedTool: 'search_todos' }, [todo]);
    expect(body).toMatchObject({ mode: 'selection', expectedCalls: null, expectedTool: 'search_todos' });
    expect(Object.keys(body)).not.toContain('forbiddenTools');
    expect(TestCasePatchSchema.safeParse(body).success).toBe(true);
  });

  it('checks steps, tools, mock matches and context turns before sending, by API path', () => {
    const bad: FormValues = {
      ...sequenceValues,
      sequence: {
        ...sequenceValues.sequence,
        maxSteps: '21',
        expectedCalls: [{ key: 'k', server: 'todo', tool: '', arguments: null, argumentErrors: 0 }],
        forbiddenTools: [],
        mockResults: [{ key: 'm', server: 'todo', tool: 'update_todo', matchText: '[1]', text: '', isError: false }],
        context: [{ key: 't', role: 'tool', callId: 'nope', content: 'x', isError: false }],
      },
    };
    expect(validate(bad, 0).paths).toEqual({
      maxSteps: 'A whole number from 1 to 20.',
      'expectedCalls.0.tool': 'Choose the tool of this call.',
      'mockResults.0.match': 'A JSON object: {"name": value, ...}',
      'context.0.callId': 'Choose the earlier assistant tool call this result answers.',
    });
    // A sequence case does not need the pair of a selection case.
    expect(validate(sequenceValues, 0)).toEqual({});
    expect(validate({ ...sequenceValues, sequence: { ...sequenceValues.sequence, forbiddenTools: [{ server: 'todo', tool: 'search_todos' }] } }, 0).paths).toEqual({
      'forbiddenTools.0': 'todo/search_todos is an expected call and cannot be forbidden.',
    });
  });

  it("puts the API's 400 on the sequence field it names, arguments on their call's row", () => {
    const err = new ApiError(400, 'validation_error', 'Invalid test case', [
      { path: 'maxSteps', message: 'maxSteps must be between 1 and 20' },
      { path: 'expectedCalls.1.arguments.id.$fromResult.call', message: '$fromResult.call 3 is past the expected calls (2)' },
    ]);
    const { fields } = fieldErrorsFromApi(err);
    expect(fields.paths).toEqual({
      maxSteps: 'maxSteps must be between 1 and 20',
      'expectedCalls.1.arguments.id.$fromResult.call': '$fromResult.call 3 is past the expected calls (2)',
    });
  });

  it('edits a $fromResult reference as a call and a path, and refuses one without them', () => {
    const prop: PropertySpec = { name: 'id', type: 'integer', required: true, description: null, enumValues: null };
    const draft = draftFromValue({ $fromResult: { call: 0, path: '$.items[0].id' } }, prop);
    expect(draft).toMatchObject({ mode: '$fromResult', fromCall: '0', text: '$.items[0].id' });
    expect(valueFromDraft(draft, prop)).toEqual({ kind: 'value', value: { $fromResult: { call: 0, path: '$.items[0].id' } } });
    expect(valueFromDraft({ ...draft, text: 'items' }, prop)).toEqual({ kind: 'error', message: 'Enter a JSONPath starting with $, e.g. $.items[0].id' });
    // The matcher check of the argument editor lets the reference through.
    const built = buildExpected(splitExpected({ id: { $fromResult: { call: 0, path: '$.x' } } }, [prop]), [prop]);
    expect(built.errors).toEqual({});
  });
});
