import { describe, expect, it } from 'vitest';
import type { ToolRef } from './classify';
import { modalSelection } from './selection';

const a: ToolRef = { server: 'todo', tool: 'create_todo' };
const b: ToolRef = { server: 'todo', tool: 'update_todo' };
const sample = (selected: ToolRef | null, args: Record<string, unknown> | null = {}) => ({ selected, arguments: args });

describe('modalSelection', () => {
  it('picks the most common tool and the first sample that chose it', () => {
    expect(modalSelection([sample(b), sample(a), sample(a), sample(b), sample(a)])).toEqual({ index: 1, agreement: 0.6 });
  });

  it('breaks ties by first occurrence', () => {
    expect(modalSelection([sample(b), sample(a), sample(a), sample(b)])).toEqual({ index: 0, agreement: 0.5 });
  });

  it('counts "no tool" as a choice', () => {
    expect(modalSelection([sample(a), sample(null), sample(null)])).toEqual({ index: 1, agreement: 2 / 3 });
  });

  it('identifies tools by server and name', () => {
    const other = { server: 'work', tool: 'create_todo' };
    expect(modalSelection([sample(a), sample(other), sample(other)])).toEqual({ index: 1, agreement: 2 / 3 });
  });

  it('ignores arguments when deciding the choice', () => {
    expect(modalSelection([sample(a, { x: 1 }), sample(a, null)])).toEqual({ index: 0, agreement: 1 });
  });

  it('is total agreement for one sample and throws for none', () => {
    expect(modalSelection([sample(a)])).toEqual({ index: 0, agreement: 1 });
    expect(() => modalSelection([])).toThrow(/at least one sample/);
  });
});
