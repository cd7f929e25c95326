import { describe, expect, it } from 'vitest';
import { scoreTfIdf } from '@/lib/providers/local/tfidf';
import { buildTfIdfIndex, tfIdfScores } from '@/lib/similarity/tfidf-matrix';
import { symmetricMatrix } from '@/lib/similarity/vector';

/**
 * The local provider (one query against every tool) and the similarity analysis (every
 * description against every other) weigh terms with lib/text/tfidf.ts, each its own way: their
 * scores must agree, or a pair the analysis calls confusable would rank differently in a run.
 */
const TEXTS = [
  'rag search: Search the knowledge base for passages relevant to a query, ranked by similarity.',
  'rag retrieve context: Retrieve relevant context from the knowledge base for a query, as one block of text.',
  'create todo: Create a new todo item with a title and optional due date.',
  'delete todo: Permanently delete a todo by id.',
  'the of and',
];

describe('TF-IDF of the local provider and of the similarity analysis', () => {
  const index = buildTfIdfIndex(TEXTS);
  const matrix = symmetricMatrix(tfIdfScores(index));

  it("scores every pair exactly as the local provider's scoreTfIdf does", () => {
    // Stop words as names: buildToolDocument adds the name, and these add no terms.
    const names = ['a', 'an', 'the', 'of', 'and'];
    const tools = TEXTS.map((description, k) => ({ exposedName: names[k]!, description, inputSchema: {} }));
    TEXTS.forEach((text, i) => {
      const scores = scoreTfIdf(text, tools);
      expect(scores).toHaveLength(TEXTS.length);
      for (const { name, score } of scores) {
        const j = names.indexOf(name);
        if (j !== i) expect(matrix[i * TEXTS.length + j]).toBeCloseTo(score, 5);
      }
    });
  });
});
