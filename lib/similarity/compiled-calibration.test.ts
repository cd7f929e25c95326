import { describe, expect, it } from 'vitest';
import { calibrate, uncalibrate } from '@/lib/embeddings/calibration';
import { OPENAI_SMALL_CALIBRATION, TFIDF_CALIBRATION, WORD_VECTOR_CALIBRATION } from '@/lib/embeddings/calibration-data';
import type { Calibration } from '@/lib/embeddings/types';
import { seededRandom } from '@/lib/seeded-random';
import { compileCalibration } from './compiled-calibration';

const FLAT: Calibration = { anchors: [[-1, 0], [0.2, 0.5], [0.2, 0.6], [0.5, 0.6], [1, 1]], derivation: 'flat and vertical pieces' };
const EMPTY: Calibration = { anchors: [], derivation: 'none' };

describe('compileCalibration', () => {
  it.each([
    ['word vectors', WORD_VECTOR_CALIBRATION],
    ['openai small', OPENAI_SMALL_CALIBRATION],
    ['tf-idf', TFIDF_CALIBRATION],
    ['flat and vertical pieces', FLAT],
    ['no anchors', EMPTY],
  ])('%s: the same bits as calibrate and uncalibrate', (_name, calibration) => {
    const { toScore, fromScore } = compileCalibration(calibration);
    const random = seededRandom(11);
    const values = [-2, -1, -0, 0, 1, 2, Number.NaN, Infinity, -Infinity, ...calibration.anchors.flat()];
    // Float32 values as the kernels produce them, and doubles, over and beyond [-1, 1].
    for (let i = 0; i < 20_000; i++) values.push(Math.fround(random() * 2.2 - 1.1), random() * 2 - 1);
    const differ: string[] = [];
    for (const v of values) {
      if (!Object.is(toScore(v), calibrate(v, calibration))) differ.push(`toScore(${v})`);
      if (!Object.is(fromScore(v), uncalibrate(v, calibration))) differ.push(`fromScore(${v})`);
    }
    expect(differ).toEqual([]);
    expect(values.length).toBeGreaterThan(40_000);
  });
});
