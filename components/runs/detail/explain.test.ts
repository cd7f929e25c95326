import { describe, expect, it } from 'vitest';
import { explainReason } from './explain';

describe('explainReason', () => {
  it('reads the sequence judge codes, plain and per call, instead of repeating them', () => {
    expect(explainReason('missing_call:search_todos')).toBe('The expected call of “search_todos” was not made.');
    expect(explainReason('forbidden_tool:delete_todo')).toBe('“delete_todo” was called, though the test case forbids it.');
    expect(explainReason('out_of_order')).toBe('The expected calls were made, but not in the order the test case requires.');
    expect(explainReason('update_todo:missing_required:id')).toBe('update_todo: Required parameter “id” was not given.');
    expect(explainReason('update_todo:from_result_unresolved:id')).toBe("update_todo: “id” should come from an earlier call's result, which did not give that value.");
  });

  it('keeps a code it does not know as it is', () => {
    expect(explainReason('something_new')).toBe('something_new');
    expect(explainReason('tool:something_new')).toBe('tool:something_new');
  });
});
