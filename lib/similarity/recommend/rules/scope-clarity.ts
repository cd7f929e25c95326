import type { IssueRule } from '../types';
import { listWords } from '../words';

/** Words that draw a line between this tool and another. */
const CONTRAST = /\b(instead|rather than|unlike|not for|do not use|don'?t use|as opposed to|only for|only when)\b/i;
/** Words that say when to use the tool at all. */
const GUIDANCE = /\b(use (this|it)( tool)? (when|to|for|if)|use when|when (the user|you))\b/i;

export const scopeClarityRule: IssueRule = {
  type: 'scope_clarity',
  description: 'Near-identical tools whose descriptions do not say when to choose one over the other',
  detect(view) {
    const { tool, other } = view;
    // Naming the other tool draws the line too; a plain-word name ("search") proves nothing.
    const namesOther = /[_\-.]|[a-z][A-Z]/.test(other.name) && tool.description.includes(other.name);
    if (CONTRAST.test(tool.description) || namesOther) return null;
    const guided = GUIDANCE.test(tool.description);
    const veryClose = view.similarity >= (1 + view.threshold) / 2;
    const when =
      view.ownWords.length && view.otherWords.length
        ? `: it is for ${listWords(view.ownWords.slice(0, 3))}, ${view.otherLabel} for ${listWords(view.otherWords.slice(0, 3))}`
        : '';
    return {
      type: 'scope_clarity',
      priority: !guided || veryClose ? 'high' : 'medium',
      recommendation: `State when to pick ${view.toolLabel} rather than ${view.otherLabel}${when}.`,
      rationale: `${view.toolLabel} and ${view.otherLabel} score ${view.similarity} (threshold ${view.threshold}). ${
        guided ? 'The description says when to use it but not when the other tool is the better choice' : 'The description says what the tool does, not when to choose it'
      }, so a model choosing between the two has nothing to go on.`,
      touchesDescription: true,
    };
  },
};
