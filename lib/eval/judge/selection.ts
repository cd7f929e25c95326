import { isSameTool, type ToolRef } from './classify';

export type SelectionSample = { selected: ToolRef | null; arguments: Record<string, unknown> | null };

export type ModalSelection = {
  /** The first sample that made the modal choice; its arguments are the ones scored. */
  index: number;
  /** 0..1: share of samples that made the modal choice; the confidence when samples >= 2. */
  agreement: number;
};

/**
 * The most common selection across samples, "no tool" being a choice like any other. Ties go
 * to the choice seen first, so the result does not depend on anything but sample order.
 */
export function modalSelection(samples: SelectionSample[]): ModalSelection {
  if (samples.length === 0) throw new Error('modalSelection needs at least one sample');
  let best: ModalSelection = { index: 0, agreement: 0 };
  let bestCount = 0;
  samples.forEach((sample, i) => {
    if (samples.findIndex((s) => isSameTool(s.selected, sample.selected)) !== i) return;
    const count = samples.filter((s) => isSameTool(s.selected, sample.selected)).length;
    if (count > bestCount) {
      bestCount = count;
      best = { index: i, agreement: count / samples.length };
    }
  });
  return best;
}
