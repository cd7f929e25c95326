/**
 * The common direction of tool descriptions in the wink word-vector space, removed from every
 * sentence vector (the second step of SIF, Arora et al. 2017: "remove the projection on the
 * first principal component"). Averaged word vectors of any two tool descriptions share a
 * large component ("get", "list", "data", "information" ...) that made unrelated tools score
 * about 0.6; without it they score about 0, and the labeled set of calibration-pairs.ts
 * separates far better: AUC 0.868 -> 0.917, confusable pairs caught at the boundary 59% -> 72%.
 * Fitted on one half of the servers and tested on the other, it beat the mean of the
 * vocabulary's top 20k vectors (AUC 0.97-0.98 against 0.94-0.95 on cross-server pairs).
 *
 * Derived without labels by derive-calibration.ts: the unit mean of the SIF-weighted sentence
 * vectors of all 2,814 tool descriptions (the 308-server corpus plus the demo servers); its
 * cosine with their first uncentred principal component is 0.9999. Generated: do not edit by hand.
 */
export const TOOL_DESCRIPTION_DIRECTION: readonly number[] = [
  -0.09313, 0.08244, 0.07931, -0.03575, 0.08473, 0.02417, -0.06090, 0.00341, 0.05778, 0.03343,
  0.08841, -0.02428, 0.05967, -0.05312, 0.03951, 0.05426, 0.09951, 0.04911, -0.02377, 0.04853,
  -0.07817, -0.08585, 0.03026, 0.03029, -0.01762, -0.11788, 0.03229, -0.01848, -0.04837, -0.03424,
  0.03064, 0.13926, -0.08742, 0.00494, 0.07977, 0.05845, -0.04177, -0.04427, -0.02483, -0.06532,
  -0.02157, -0.06954, -0.01154, -0.04476, -0.06459, 0.02052, -0.05096, -0.05933, -0.00751, -0.11087,
  0.11343, 0.06067, 0.01903, 0.20285, -0.01356, -0.42978, 0.02054, -0.06649, 0.44672, 0.09938,
  -0.05996, 0.13770, -0.02791, 0.00856, 0.20663, -0.01530, 0.04519, 0.01712, 0.12312, -0.04501,
  -0.02834, -0.00806, 0.04641, -0.10748, 0.06859, 0.03577, -0.02042, -0.03217, -0.18601, -0.05656,
  0.11344, -0.04145, -0.11190, -0.02133, -0.33226, 0.04105, 0.10099, -0.07749, -0.02080, 0.01691,
  -0.04973, 0.10390, 0.01380, -0.05041, 0.00839, -0.02810, -0.00183, -0.10834, 0.15155, 0.06465,
];

/** A short stable fingerprint, so the embedding cache key changes when the direction does. */
export function directionFingerprint(direction: readonly number[]): string {
  let hash = 2166136261;
  for (const value of direction) {
    for (const ch of value.toFixed(5)) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
