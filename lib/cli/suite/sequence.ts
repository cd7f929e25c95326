import type { InlineCase } from './schema';

const SEQUENCE_KEYS = ['mode', 'expectedCalls', 'callOrder', 'context', 'forbiddenTools', 'maxSteps', 'execute', 'mockResults'] as const;

/**
 * The sequence fields (issue 17) a suite case sets, and only those: a case without them is sent
 * as before, so a suite of selection cases still runs against an instance that predates them.
 */
export function sequenceOf(c: Pick<InlineCase, (typeof SEQUENCE_KEYS)[number]>): Partial<Pick<InlineCase, (typeof SEQUENCE_KEYS)[number]>> {
  return Object.fromEntries(SEQUENCE_KEYS.filter((k) => c[k] !== undefined).map((k) => [k, c[k]]));
}
