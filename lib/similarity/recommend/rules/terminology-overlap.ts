import type { IssueRule } from '../types';
import { paragraph } from '../sentences';
import { quote } from '../words';

/** A shared span this large a part of the description is what makes the two read alike. */
const LARGE_SHARE = 0.3;

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export const terminologyOverlapRule: IssueRule = {
  type: 'terminology_overlap',
  description: 'Confusable tools whose descriptions share a passage word for word (a server header or a copied sentence)',
  detect(view) {
    const { evidence: e, toolLabel: a, otherLabel: b } = view;
    const span = e.span;
    if (!span) return null;
    const large = span.words / Math.max(1, wordCount(view.tool.description)) >= LARGE_SHARE;
    if (span.source === 'server') {
      const pct = Math.round(span.share * 100);
      return {
        type: 'terminology_overlap',
        priority: large ? 'high' : 'medium',
        recommendation: paragraph([`Cut ${quote(span.text)} from the description of ${a}, or move it to the server's instructions`]),
        rationale: paragraph([
          `The same ${span.words} words appear in ${pct}% of this server's tool descriptions, ${b} among them`,
          'They say nothing about what this tool does and make every tool of the server read alike',
        ]),
        touchesDescription: true,
      };
    }
    return {
      type: 'terminology_overlap',
      priority: large ? 'medium' : 'low',
      recommendation: paragraph([`Reword ${quote(span.text)} in ${a} in terms that fit only this tool`]),
      rationale: paragraph([`The description of ${b} has the same ${span.words} words, so the passage fits both tools equally well`]),
      touchesDescription: false,
    };
  },
};
