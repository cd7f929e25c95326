import { exampleCall } from '../examples';
import type { IssueRule } from '../types';

const HAS_EXAMPLE = /\b(e\.g\.|eg\.|for example|for instance|such as|example)\b|"[^"]{2,}"|`[^`]{2,}`/i;

export const exampleDistinctivenessRule: IssueRule = {
  type: 'example_distinctiveness',
  description: 'A confusable tool whose description has no example of a request only it fits',
  detect(view) {
    const { tool, other } = view;
    if (HAS_EXAMPLE.test(tool.description)) return null;
    const otherHasOne = HAS_EXAMPLE.test(other.description);
    return {
      type: 'example_distinctiveness',
      priority: view.similarity >= (1 + view.threshold) / 2 ? 'medium' : 'low',
      recommendation: `Add an example that only ${view.toolLabel} fits, such as ${exampleCall(tool)}.`,
      rationale: `${otherHasOne ? `${view.otherLabel} gives an example but ${view.toolLabel} does not` : `Neither ${view.toolLabel} nor ${view.otherLabel} gives an example`}; a concrete request or call is the quickest way for a model to tell two similar tools apart.`,
      touchesDescription: true,
    };
  },
};
