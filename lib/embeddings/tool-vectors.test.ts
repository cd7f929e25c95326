import { describe, expect, it } from 'vitest';
import { mixNameVector, NAME_WEIGHT, nameText } from './tool-vectors';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, v, i) => s + v * b[i]!, 0);

describe('tool vectors: name mixed into the description', () => {
  it('reads the name as words', () => {
    expect(nameText({ name: 'list_directory_with_sizes' })).toBe('list directory with sizes');
    expect(nameText({ name: 'getRunSummary' })).toBe('get Run Summary');
  });

  it('weights the name by NAME_WEIGHT and returns a unit vector', () => {
    const mixed = mixNameVector(new Float32Array([1, 0]), new Float32Array([0, 1]));
    expect(dot(mixed, mixed)).toBeCloseTo(1, 6);
    expect(mixed[0]! / mixed[1]!).toBeCloseTo(NAME_WEIGHT / (1 - NAME_WEIGHT), 6);
  });

  it('scales inputs that are not unit length before mixing', () => {
    const a = mixNameVector(new Float32Array([3, 0]), new Float32Array([0, 5]));
    const b = mixNameVector(new Float32Array([1, 0]), new Float32Array([0, 1]));
    expect(Array.from(a)).toEqual(Array.from(b));
  });

  it('keeps a zero description vector zero, so a tool is never compared on its name alone', () => {
    expect(Array.from(mixNameVector(new Float32Array([1, 0]), new Float32Array([0, 0])))).toEqual([0, 0]);
  });

  it('leaves the description direction when the name has no known word', () => {
    expect(Array.from(mixNameVector(new Float32Array([0, 0]), new Float32Array([0, 2])))).toEqual([0, 1]);
  });

  it('lets two tools with the same name words score higher than their descriptions alone', () => {
    const name = new Float32Array([1, 0, 0]);
    const a = mixNameVector(name, new Float32Array([0, 1, 0]));
    const b = mixNameVector(name, new Float32Array([0, 0, 1]));
    expect(dot(a, b)).toBeGreaterThan(0);
  });
});
