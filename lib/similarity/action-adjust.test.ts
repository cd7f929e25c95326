import { describe, expect, it } from 'vitest';
import { adjustForActions, adjustForObjects, actionAdjustedScores, SYNONYM_GAIN } from './action-adjust';
import { decodeObjectVector, encodeObjectVector } from './object-vectors';
import { parseToolAction, type ToolAction } from '@/lib/text/actions';
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

describe('a shared verb on objects with no word in common', () => {
  it('lifts related objects, cuts unrelated ones named by both names, and leaves the ramp midpoint alone', () => {
    expect(adjustForObjects(0.8, 0.6)).toBeCloseTo(0.8 + 0.2 * 0.2, 5); // story vs issue: the full lift
    expect(adjustForObjects(0.8, 0.3)).toBeCloseTo(0.8, 5);
    expect(adjustForObjects(0.8, 0.325)).toBeCloseTo(0.8 + 0.2 * 0.5 * 0.2, 5);
    expect(adjustForObjects(0.9, 0)).toBeCloseTo(0.9 * (1 - 0.3), 5); // worklog vs application: the full cut
    expect(adjustForObjects(0.9, 0.275)).toBeCloseTo(0.9 * (1 - 0.15), 5);
    expect(adjustForObjects(0.9, 0, false)).toBe(0.9); // an object read from a description alone is not cut
    expect(adjustForObjects(0.8, 0.6, false)).toBeCloseTo(0.84, 5);
    expect(adjustForObjects(0.995, 0)).toBeGreaterThan(0.85); // near-identical texts stay flagged
    // The lift never exceeds a synonym's on shared words: the kernel's skip bound relies on it.
    for (const s of [0, 0.5, 0.9]) expect(adjustForObjects(s, 1) - s).toBeLessThanOrEqual(SYNONYM_GAIN * (1 - s) + 1e-9);
  });

  it('adjusts pairs by their object vectors in blocks and pairs alike, only with the same or a synonymous verb', () => {
    const unit = (...xs: number[]) => encodeObjectVector(Float32Array.from(xs));
    const tools: [string, number[]][] = [
      ['delete_iteration', [1, 0, 0]],
      ['remove_cycle', [0.8, 0.6, 0]], // cosine 0.8 with the iteration: related
      ['delete_worklog', [0, 0, 1]], // cosine 0 with the iteration: unrelated
      ['create_cycle', [0.8, 0.6, 0]], // another verb class: left alone
      ['delete_project', []], // no vector (no known word): left alone
    ];
    const actions: ToolAction[] = tools.map(([name, v]) => {
      const action = parseToolAction(name, '');
      const objectVector = v.length ? unit(...v) : undefined;
      return objectVector ? { ...action, objectVector } : action;
    });
    const n = tools.length;
    const inner: PairScores = { count: n, fillUpper: (s, e, out) => { for (let i = s; i < e; i++) for (let j = i + 1; j < n; j++) out[(i - s) * n + j] = 0.8; }, pair: () => 0.8 };
    const scores = actionAdjustedScores(inner, actions, (x) => x, (x) => x);
    const block = new Float32Array(n * n);
    scores.fillUpper(0, n, block);
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) expect(block[i * n + j], `${i}-${j}`).toBeCloseTo(scores.pair(i, j), 5);
    expect(scores.pair(0, 1)).toBeCloseTo(0.84, 2); // delete an iteration vs remove a cycle
    expect(scores.pair(0, 2)).toBeCloseTo(0.56, 2); // delete an iteration vs delete a worklog
    expect(scores.pair(0, 3)).toBe(0.8); // delete vs create, nothing shared
    expect(scores.pair(0, 4)).toBe(0.8); // no object vector
    // Without vectors (another model) the pairs are left to the texts.
    const plain = actionAdjustedScores(inner, tools.map(([name]) => parseToolAction(name, '')), (x) => x, (x) => x);
    expect(plain.pair(0, 1)).toBe(0.8);
    expect(plain.pair(0, 2)).toBe(0.8);
  });

  it('round-trips object vectors through 8-bit base64 within 0.01 of the cosine', () => {
    const a = Float32Array.from({ length: 100 }, (_, i) => Math.sin(i + 1));
    const b = Float32Array.from({ length: 100 }, (_, i) => Math.cos(i * 0.7));
    const cosine = (x: Float32Array, y: Float32Array) => x.reduce((s, v, i) => s + v * y[i]!, 0) / Math.hypot(...x) / Math.hypot(...y);
    const da = new Float32Array(100);
    const db = new Float32Array(100);
    expect(decodeObjectVector(encodeObjectVector(a)!, da)).toBe(true);
    expect(decodeObjectVector(encodeObjectVector(b)!, db)).toBe(true);
    expect(Math.abs(cosine(da, db) - cosine(a, b))).toBeLessThan(0.01);
    expect(encodeObjectVector(new Float32Array(100))).toBeUndefined();
    expect(decodeObjectVector(encodeObjectVector(a)!, new Float32Array(50))).toBe(false);
  });
});
