import { describe, expect, it } from 'vitest';
import { DESCRIPTION_STOP_WORDS, QUERY_STOP_WORDS, WORDING_STOP_WORDS } from './stop-words';

describe('stop-word lists', () => {
  it('keep the sizes their figures were measured with', () => {
    expect(QUERY_STOP_WORDS.size).toBe(152);
    expect(DESCRIPTION_STOP_WORDS.size).toBe(161);
    expect(WORDING_STOP_WORDS.size).toBe(141);
  });

  it('share the English function words', () => {
    for (const list of [QUERY_STOP_WORDS, DESCRIPTION_STOP_WORDS, WORDING_STOP_WORDS]) {
      for (const word of ['the', 'of', 'which', 'use', 'via']) expect(list.has(word)).toBe(true);
      expect(list.has('')).toBe(false);
    }
  });

  it('drop what their own kind of text is padded with, and only that', () => {
    expect(['please', 'kindly', 'show', 's'].filter((w) => QUERY_STOP_WORDS.has(w))).toEqual(['please', 'kindly', 'show', 's']);
    expect(['please', 'kindly', 'show', 's'].filter((w) => DESCRIPTION_STOP_WORDS.has(w) || WORDING_STOP_WORDS.has(w))).toEqual([]);
    expect(['tool', 'returns', 'specified', 'optional'].filter((w) => DESCRIPTION_STOP_WORDS.has(w))).toEqual(['tool', 'returns', 'specified', 'optional']);
    expect(['tool', 'returns', 'specified', 'optional'].filter((w) => QUERY_STOP_WORDS.has(w) || WORDING_STOP_WORDS.has(w))).toEqual([]);
    expect(['however', 'thus', 'whose'].filter((w) => WORDING_STOP_WORDS.has(w))).toEqual(['however', 'thus', 'whose']);
    expect(['however', 'thus', 'whose'].filter((w) => QUERY_STOP_WORDS.has(w) || DESCRIPTION_STOP_WORDS.has(w))).toEqual([]);
  });
});
