import { describe, expect, it } from 'vitest';
import type { RunDetail } from '@/components/data/queries';
import { confidenceSourceOf, countCorrectSamples, describeConfidenceSource, describePassK } from './confidence-source';

const settings = (provider: string) => ({ provider }) as unknown as RunDetail['modelSettings'];
const tools = [
  { server: 'everything', name: 'get-sum', exposedName: 'get-sum' },
  { server: 'everything', name: 'echo', exposedName: 'echo' },
] as unknown as RunDetail['tools'];
const evaluation = (expectedTool: string | null) => ({ expectedServer: expectedTool ? 'everything' : null, expectedTool }) as unknown as RunDetail['evaluation'];
const raw = (...names: (string | null)[]) => ({ samples: names.map((n) => ({ toolCalls: n ? [{ name: n, arguments: {} }] : [] })) });

describe('confidence source labels', () => {
  it('says the local router gives its margin whatever the samples, LLMs agreement or self-assessment', () => {
    expect(confidenceSourceOf({ samples: 3, modelSettings: settings('local') })).toBe('local_margin');
    expect(confidenceSourceOf({ samples: 3, modelSettings: settings('openai') })).toBe('sample_agreement');
    expect(confidenceSourceOf({ samples: 1, modelSettings: settings('anthropic') })).toBe('self_assessment');
    expect(confidenceSourceOf({ samples: 1, modelSettings: settings('openai'), confidenceSource: 'logprobs' })).toBe('logprobs');
    expect(describeConfidenceSource({ samples: 3, modelSettings: settings('openai') })).toBe('From agreement of the 3 samples.');
    expect(describeConfidenceSource({ samples: 3, modelSettings: settings('local') })).toContain('score margin');
  });
});

describe('pass^k wording', () => {
  it('says 0 of 3 correct, not "not all correct", when every sample missed', () => {
    const counted = countCorrectSamples({ llmResponseRaw: raw(null, null, null), tools, evaluation: evaluation('get-sum') });
    expect(counted).toEqual({ correct: 0, total: 3 });
    expect(describePassK(false, counted)).toBe('0 of 3 correct');
  });

  it('counts partial and full agreement, negative cases and unknown shapes', () => {
    expect(describePassK(false, countCorrectSamples({ llmResponseRaw: raw('get-sum', 'echo', 'get-sum'), tools, evaluation: evaluation('get-sum') }))).toBe('2 of 3 correct');
    expect(describePassK(true, countCorrectSamples({ llmResponseRaw: raw(null, null), tools, evaluation: evaluation(null) }))).toBe('all 2 correct');
    expect(countCorrectSamples({ llmResponseRaw: { top: [] }, tools, evaluation: evaluation('get-sum') })).toBeNull();
    expect(describePassK(false, null)).toBe('not all correct');
  });
});
