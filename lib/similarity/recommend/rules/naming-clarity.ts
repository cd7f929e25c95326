import { tokenize } from '@/lib/text/tokenize';
import type { IssueRule } from '../types';

/** Names made only of these say an action but not what it acts on. */
const GENERIC = new Set(
  ['search', 'query', 'list', 'run', 'fetch', 'find', 'execute', 'call', 'do', 'process', 'handle', 'tool', 'api', 'request', 'read', 'write', 'send', 'create', 'update', 'delete', 'data', 'info', 'action', 'retrieve', 'lookup'].map(
    (w) => tokenize(w)[0] ?? w,
  ),
);
const SIMILAR_NAMES = 0.5;

function nameWords(name: string): Set<string> {
  return new Set(tokenize(name));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  const union = new Set([...a, ...b]).size;
  if (union === 0) return 0;
  return [...a].filter((w) => b.has(w)).length / union;
}

/** `rag_search` + "passages" -> `rag_search_passages`; `getRun` + "summary" -> `getRunSummary`. */
function suggestName(name: string, word: string | undefined): string | null {
  if (!word) return null;
  if (name.includes('_') || /^[a-z0-9]+$/.test(name)) return `${name}_${word}`;
  if (name.includes('-')) return `${name}-${word}`;
  return `${name}${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}

export const namingClarityRule: IssueRule = {
  type: 'naming_clarity',
  description: 'Tool names that are the same, nearly the same, or too generic to tell apart',
  detect(view) {
    const { tool, other } = view;
    const mine = nameWords(tool.name);
    const theirs = nameWords(other.name);
    const identical = tool.name.toLowerCase() === other.name.toLowerCase();
    const overlap = jaccard(mine, theirs);
    const generic = mine.size > 0 && [...mine].every((w) => GENERIC.has(w));
    if (!identical && overlap < SIMILAR_NAMES && !generic) return null;
    const suggestion = suggestName(tool.name, view.ownWords.find((w) => !mine.has(tokenize(w)[0] ?? w)));
    const why = identical
      ? `${view.toolLabel} has the same name as ${view.otherLabel}`
      : overlap >= SIMILAR_NAMES
        ? `the names ${view.toolLabel} and ${view.otherLabel} share ${Math.round(overlap * 100)}% of their words`
        : `${view.toolLabel} names an action but not what it acts on`;
    return {
      type: 'naming_clarity',
      priority: identical ? 'high' : 'medium',
      recommendation: `Rename ${view.toolLabel} so that the name alone tells it from ${view.otherLabel}${suggestion ? `, e.g. ${suggestion}` : ''}.`,
      rationale: `Models read names first: ${why}.`,
      touchesDescription: false,
      ...(suggestion ? { rename: suggestion } : {}),
    };
  },
};
