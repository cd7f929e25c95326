import { humanizeName } from '@/lib/text/tokenize';
import { actionClassOf, type ToolAction } from '../actions';
import type { IssueRule } from '../types';
import { paragraph, quoteWords } from '../sentences';

/**
 * "Name the object": two tools whose names state the same action on the same object (or on
 * none: `search` in two servers, `rag_search` beside `search`) while their descriptions say
 * what differs. The suggestion is the tool's own verb plus the noun only its description has,
 * in the name's own style; never two verbs glued together.
 */

function styleName(name: string, words: readonly string[]): string {
  if (name.includes('-')) return words.join('-');
  if (name.includes('_') || /^[a-z0-9]+$/.test(name)) return words.join('_');
  const [first = '', ...rest] = words;
  const lowerFirst = /^[a-z]/.test(name);
  const cap = (w: string) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`;
  return [lowerFirst ? first : cap(first), ...rest.map(cap)].join('');
}

/** `search` + "passages" -> `search_passages`; `list-contacts` + "xero" -> `list-xero-contacts`; `createTask` + "project" -> `createProjectTask`. */
export function suggestName(name: string, action: ToolAction, noun: string, prefix: string | null): string | null {
  // "create_or_update_file" holds a second verb: another word in it would not make one verb and an object.
  if (!action.verb || !noun || action.object.includes(noun) || action.object.some((w) => actionClassOf(w))) return null;
  const words = [...(prefix ? [prefix] : []), ...action.qualifier, action.verb, noun, ...action.object];
  const suggestion = styleName(name, words);
  return suggestion.toLowerCase() === name.toLowerCase() ? null : suggestion;
}

export const namingClarityRule: IssueRule = {
  type: 'naming_clarity',
  description: 'Tool names that state the same action on the same object (or none) while the descriptions differ',
  detect(view) {
    const { evidence: e, tool, other, toolLabel: a, otherLabel: b } = view;
    const identical = tool.name.toLowerCase() === other.name.toLowerCase();
    const unstated = e.unstatedObject;
    if (!unstated && !identical) return null;
    const own = e.action.own;
    // The server's shared prefix (rag_) was left out of the parsed name; it goes back in front.
    const first = humanizeName(tool.name).toLowerCase().split(' ')[0] ?? '';
    const prefix = first && first !== own.verb && !own.qualifier.includes(first) && !own.object.includes(first) ? first : null;
    const noun = unstated?.own ?? null;
    // A name without a verb of its own ("sheetData") would get one from the description: a different name, not a clearer one.
    const suggestion = noun && own.verbAt === 'name' ? suggestName(tool.name, own, noun, prefix) : null;
    const what = own.object.length ? `the same object (${own.object.join(' ')})` : 'no object at all';
    const why = identical
      ? `Both ${a} and ${b} have the same name, and models read names first`
      : `The names ${a} and ${b} state the same action on ${what}`;
    const differ = unstated?.own && unstated.other ? `Their descriptions differ in what they work on: ${quoteWords([unstated.own])} against ${quoteWords([unstated.other])}` : null;
    if (!suggestion) {
      return { type: 'naming_clarity', priority: identical ? 'high' : 'low', recommendation: '', rationale: paragraph([why, differ]), touchesDescription: false };
    }
    return {
      type: 'naming_clarity',
      priority: identical ? 'high' : 'medium',
      recommendation: paragraph([own.object.length ? `Say in the name of ${a} which ${own.object.join(' ')} it works on, e.g. ${suggestion}` : `Name the object in ${a}, e.g. ${suggestion}`]),
      rationale: paragraph([why, differ]),
      touchesDescription: false,
      rename: suggestion,
    };
  },
};
