import type { IssueRule } from '../types';
import { listWords } from '../words';

const MIN_SHARED_WORDS = 3;
const MIN_LEXICAL = 0.3;
const HIGH_LEXICAL = 0.6;

export const terminologyOverlapRule: IssueRule = {
  type: 'terminology_overlap',
  description: 'Confusable tools whose descriptions use the same distinctive words',
  detect(view) {
    if (view.sharedWords.length < MIN_SHARED_WORDS || view.lexical < MIN_LEXICAL) return null;
    const own = view.ownWords.length ? `, such as ${listWords(view.ownWords.slice(0, 3))}` : '';
    return {
      type: 'terminology_overlap',
      priority: view.lexical >= HIGH_LEXICAL ? 'high' : 'medium',
      recommendation: `Reword what ${view.toolLabel} shares with ${view.otherLabel} (${listWords(view.sharedWords.slice(0, 5))}) in terms only ${view.toolLabel} fits${own}.`,
      rationale: `The descriptions share ${view.sharedWords.length} telling words (TF-IDF cosine ${view.lexical}); a model matching a request against the words of each description finds both tools fit.`,
      touchesDescription: true,
    };
  },
};
