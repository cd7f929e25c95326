import { humanizeName, stemWord } from '../../text/tokenize';
import { firstSentence, quote } from '../text';
import type { ToolRule } from '../types';
import { ACTION_VERBS, DETERMINERS, nameFirstWord, nameVerb } from '../words';

/**
 * The first sentence should say what the tool does: an action verb and what it acts on.
 * A verb is one of ACTION_VERBS, or an inflected form of the first word of the tool's own name
 * ("Bakes" for bake_bread; a bare "Greenhouse" for greenhouse_helper is a noun, not a verb);
 * or a sentence that opens the way descriptions of operations do, a verb followed directly by
 * a determiner ("Reserves a slot", "Block a user", "Waters every plant": nouns are rarely
 * followed by one); the object is any other word of the sentence that is not a stop word.
 */
const OPENS_WITH_VERB = /^(?:this tool\s+|it\s+)?[a-z]+\s+(?:a|an|the|one|all|every|each|some|any|this|that|these|those|your|my|its|their|our|new|multiple|several)\b/i;

/** "Ingests web pages", "Withdraws assets": a first word in -s not followed by a preposition ("Details of ..." is a noun). */
const OPENS_WITH_THIRD_PERSON = /^[A-Za-z]+[a-rt-z]s\s+(?!(?:of|about|for|from|on|in|at|by|with|and|or|to)\b)[A-Za-z]/;

/** Words of the sentence, stop words dropped, with their stems; "returns" and "lists" stay (they are the verbs). */
function sentenceWords(text: string): { word: string; stem: string }[] {
  const words = humanizeName(text).toLowerCase().match(/[a-z]{2,}/g) ?? [];
  return words.filter((w) => !DETERMINERS.has(w)).map((w) => ({ word: w, stem: stemWord(w) }));
}

export const purposeUnclear: ToolRule = {
  id: 'purpose-unclear',
  severity: 'warning',
  category: 'rubric',
  scope: 'tool',
  description: 'The first sentence does not say what the tool does (an action verb and its object).',
  check(tool) {
    if (!tool.description.trim() || tool.describedBy) return [];
    const sentence = firstSentence(tool.description);
    const words = sentenceWords(sentence.text);
    const own = nameVerb(tool.name);
    const ownInflected = (w: { word: string; stem: string }) => own !== '' && w.stem === own && /(?:s|ed|ing)$/.test(w.word) && w.word !== nameFirstWord(tool.name);
    let verbIndex = words.findIndex((w) => ACTION_VERBS.has(w.stem) || ownInflected(w));
    if (verbIndex < 0 && (OPENS_WITH_VERB.test(sentence.text) || OPENS_WITH_THIRD_PERSON.test(sentence.text))) verbIndex = 0;
    const hasObject = verbIndex >= 0 && words.some((_, i) => i !== verbIndex);
    if (hasObject) return [];
    return [
      {
        message:
          verbIndex < 0
            ? `The first sentence ("${quote(sentence.text)}") does not name an action, so a model cannot tell what calling the tool does.`
            : `The first sentence ("${quote(sentence.text)}") names an action but not what it acts on.`,
        fix: 'Open with one sentence that says what the tool does and to what, such as "Deletes one file from the workspace.", and put the details after it.',
        span: sentence,
      },
    ];
  },
};
