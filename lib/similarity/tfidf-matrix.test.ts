import { describe, expect, it } from 'vitest';
import { buildTfIdfIndex, distinctTerms, sharedTerms, tfIdfScores } from './tfidf-matrix';
import { symmetricMatrix } from './vector';

const TEXTS = [
  'rag search: Search the knowledge base for passages relevant to a query, ranked by similarity.',
  'rag retrieve context: Retrieve relevant context from the knowledge base for a query, as one block of text.',
  'create todo: Create a new todo item with a title and optional due date.',
  'delete todo: Permanently delete a todo by id.',
  'the of and',
];

describe('TF-IDF matrix', () => {
  const index = buildTfIdfIndex(TEXTS);
  const matrix = symmetricMatrix(tfIdfScores(index));

  it('gives a text without content words no similarity to anything', () => {
    for (let j = 0; j < 4; j++) expect(matrix[4 * TEXTS.length + j]).toBe(0);
  });

  it('names the shared and the distinguishing stems', () => {
    expect(sharedTerms(index, 0, 1)).toEqual(expect.arrayContaining(['knowledg', 'bas', 'query', 'rag']));
    expect(distinctTerms(index, 0, 1)).toEqual(expect.arrayContaining(['passag']));
    expect(distinctTerms(index, 1, 0)).not.toContain('rag');
  });
});
