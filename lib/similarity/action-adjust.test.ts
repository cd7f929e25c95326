import { describe, expect, it } from 'vitest';
import { adjustForActions, actionAdjustedScores } from './action-adjust';
import { parseToolAction } from '@/lib/text/actions';
import type { PairScores } from './vector';

describe('action adjustment', () => {
  it('ranks an opposite action on the same object below the threshold unless the texts are near-identical', () => {
    expect(adjustForActions(0.93, 'opposite', 1)).toBeLessThan(0.85);
    expect(adjustForActions(0.93, 'different', 1)).toBeLessThan(0.85);
    expect(adjustForActions(0.995, 'opposite', 1)).toBeGreaterThan(0.85);
  });

  it('takes a share of the score off for another action on the same object, in proportion to what they share', () => {
    // Same object: a create/delete or get/update pair at 0.9 lands where unrelated tools sit.
    expect(adjustForActions(0.9, 'different', 1)).toBeCloseTo(0.9 * (1 - 0.6), 5);
    expect(adjustForActions(0.9, 'opposite', 1)).toBeCloseTo(0.9 * (1 - 0.7), 5);
    expect(adjustForActions(0.9, 'opposite', 1)).toBeLessThan(adjustForActions(0.9, 'different', 1));
    // One object word of three in common: a third of the cut.
    expect(adjustForActions(0.9, 'different', 1 / 3)).toBeCloseTo(0.9 * (1 - 0.2), 5);
    expect(adjustForActions(0.5, 'different', 0)).toBe(0.5);
    // Two different writes (create vs update) lose half as much as a read against a write.
    expect(adjustForActions(0.9, 'different', 1, true)).toBeCloseTo(0.9 * (1 - 0.3), 5);
    expect(adjustForActions(0.9, 'opposite', 1, true)).toBeCloseTo(0.9 * (1 - 0.7), 5);
  });

  it('raises synonymous actions on a shared object, more the more they share, and leaves unknown verbs alone', () => {
    expect(adjustForActions(0.7, 'synonym', 1)).toBeCloseTo(0.85, 5);
    expect(adjustForActions(0.7, 'synonym', 0.5)).toBeCloseTo(0.775, 5);
    expect(adjustForActions(0.7, 'related', 1)).toBeCloseTo(0.76, 5);
    expect(adjustForActions(0.7, 'unknown', 1)).toBe(0.7);
  });

  it('adjusts block and single-pair scores alike, and only pairs that share an object', () => {
    const names = ['create_todo', 'delete_todo', 'fetch_todo', 'get_todo', 'get_weather'];
    const actions = names.map((n) => parseToolAction(n, ''));
    const n = names.length;
    const inner: PairScores = { count: n, fillUpper: (s, e, out) => { for (let i = s; i < e; i++) for (let j = i + 1; j < n; j++) out[(i - s) * n + j] = 0.9; }, pair: () => 0.9 };
    const scores = actionAdjustedScores(inner, actions, (x) => x, (x) => x);
    const block = new Float32Array(n * n);
    scores.fillUpper(0, n, block);
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) expect(block[i * n + j]).toBeCloseTo(scores.pair(i, j), 6);
    // A second sweep of the same rows (the analysis may sweep twice) comes out the same.
    const again = new Float32Array(n * n);
    scores.fillUpper(0, n, again);
    expect(Array.from(again)).toEqual(Array.from(block));
    expect(scores.pair(0, 1)).toBeLessThan(0.85); // create vs delete a todo
    expect(scores.pair(2, 3)).toBeGreaterThan(0.9); // fetch vs get a todo
    expect(scores.pair(3, 4)).toBe(0.9); // get a todo vs get the weather: nothing shared
  });

  it('penalises another action on the same head noun in full, and gains only by the share of object words', () => {
    const names = ['list_email_labels', 'delete_label', 'get_email_labels', 'get_label'];
    const actions = names.map((n) => parseToolAction(n, ''));
    const n = names.length;
    const inner: PairScores = { count: n, fillUpper: (s, e, out) => { for (let i = s; i < e; i++) for (let j = i + 1; j < n; j++) out[(i - s) * n + j] = 0.9; }, pair: () => 0.9 };
    const scores = actionAdjustedScores(inner, actions, (x) => x, (x) => x);
    // Labels either way: listing them vs deleting one is the full cut although "email" is extra.
    expect(scores.pair(0, 1)).toBeCloseTo(0.9 * (1 - 0.6), 5);
    // The same action gains by the Jaccard share (label of email+label: 1/2).
    expect(scores.pair(2, 3)).toBeCloseTo(0.9 + 0.5 * 0.5 * 0.1, 5);
  });

  it('cuts a read against a write, and a write against a destroy, more than two writes', () => {
    const names = ['get_flag', 'update_flag', 'create_flag', 'delete_flag'];
    const actions = names.map((n) => parseToolAction(n, ''));
    const n = names.length;
    const inner: PairScores = { count: n, fillUpper: (s, e, out) => { for (let i = s; i < e; i++) for (let j = i + 1; j < n; j++) out[(i - s) * n + j] = 0.9; }, pair: () => 0.9 };
    const scores = actionAdjustedScores(inner, actions, (x) => x, (x) => x);
    expect(scores.pair(0, 1)).toBeCloseTo(0.36, 5); // get vs update: read vs write
    expect(scores.pair(1, 2)).toBeCloseTo(0.63, 5); // update vs create: two writes
    expect(scores.pair(1, 3)).toBeCloseTo(0.36, 5); // update vs delete: write vs destroy
    expect(scores.pair(2, 3)).toBeCloseTo(0.27, 5); // create vs delete: opposites
  });
});
