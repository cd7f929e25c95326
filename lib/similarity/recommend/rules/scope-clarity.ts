import type { Finding, IssueRule, PairView } from '../types';
import { paragraph, parameterList, quoteWords } from '../sentences';
import { listWords } from '../words';

/**
 * What tells the two tools apart, from the evidence only: the words, parameters and outputs
 * only one has; "merge them" when they are the same action with the same inputs; nothing but
 * a short rationale when their names already say they do different things.
 */

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

function differences(view: PairView, withOther: boolean): string[] {
  const { evidence: e, toolLabel: a, otherLabel: b } = view;
  const out: string[] = [];
  if (e.ownWords.length && e.otherWords.length && withOther) out.push(`Only ${a} mentions ${quoteWords(e.ownWords)}, and only ${b} mentions ${quoteWords(e.otherWords)}`);
  else if (e.ownWords.length) out.push(`Only ${a} mentions ${quoteWords(e.ownWords)}`);
  else if (e.otherWords.length && withOther) out.push(`Only ${b} mentions ${quoteWords(e.otherWords)}`);
  const p = e.parameters;
  if (p.own.length) out.push(`Only ${a} takes ${parameterList(p.own)}`);
  if (p.other.length && withOther) out.push(`Only ${b} takes ${parameterList(p.other)}`);
  for (const d of p.typeDiffers.slice(0, 2)) out.push(`The ${d.name} parameter is ${article(d.own)} ${d.own} in ${a}${withOther ? ` and ${article(d.other)} ${d.other} in ${b}` : ''}`);
  const required = p.requiredDiffers.filter((r) => r.requiredHere).map((r) => r.name);
  if (required.length) out.push(`The ${a} tool requires ${listWords(required)}${withOther ? `, which ${b} leaves optional` : ''}`);
  if (e.outputs?.own.length) out.push(`Only ${a} returns ${listWords(e.outputs.own.slice(0, 3))}`);
  if (e.outputs?.other.length && withOther) out.push(`Only ${b} returns ${listWords(e.outputs.other.slice(0, 3))}`);
  return out;
}

/** What only the other tool has, for the rationale of cross-server advice (the recommendation names only this tool). */
function otherSide(view: PairView): string[] {
  const { evidence: e, otherLabel: b } = view;
  const out: string[] = [];
  if (e.otherWords.length) out.push(`Only ${b} mentions ${quoteWords(e.otherWords)}`);
  if (e.parameters.other.length) out.push(`Only ${b} takes ${parameterList(e.parameters.other)}`);
  return out;
}

function score(view: PairView): string {
  return `The pair scores ${view.similarity}, above the ${view.threshold} threshold`;
}

function actionSentence(view: PairView, params: string): string {
  const { evidence: e, toolLabel: a, otherLabel: b } = view;
  const mine = e.action.own.verb;
  const theirs = e.action.other.verb;
  if (!mine) return `Both ${a} and ${b} have the same name and take ${params}`;
  if (mine === theirs) return `Both ${a} and ${b} are "${mine}" tools that take ${params}`;
  return `Both ${a} and ${b} do the same kind of job ("${mine}" and "${theirs}") and take ${params}`;
}

function merge(view: PairView, priority: Finding['priority']): Finding {
  const { evidence: e, toolLabel: a, otherLabel: b } = view;
  const params = e.parameters.shared.length ? `the same parameters (${listWords(e.parameters.shared.slice(0, 4))})` : 'no parameters';
  const words = e.ownWords.length || e.otherWords.length ? `Their descriptions differ only in a few words (${quoteWords([...e.ownWords.slice(0, 2), ...e.otherWords.slice(0, 2)], 4)})` : 'Nothing in their descriptions tells them apart';
  return {
    type: 'scope_clarity',
    priority,
    recommendation: paragraph([`Merge ${a} and ${b} into one tool, or keep one and remove the other`]),
    rationale: paragraph([actionSentence(view, params), words, score(view)]),
    touchesDescription: false,
  };
}

export const scopeClarityRule: IssueRule = {
  type: 'scope_clarity',
  description: 'Confusable tools: what tells them apart (words, parameters, outputs), or that they should be merged',
  detect(view) {
    const { evidence: e, toolLabel: a, otherLabel: b } = view;
    const veryClose = view.similarity >= (1 + view.threshold) / 2;
    if (e.duplicate && e.sameServer) return merge(view, 'high');
    const { own, other, relation } = e.action;
    if ((relation === 'opposite' || relation === 'different') && own.verb && other.verb && own.verb !== other.verb) {
      const apart = e.sharedObject.length
        ? `Both ${a} and ${b} act on the same object (${e.sharedObject.join(' ')}), but one is "${own.verb}" and the other "${other.verb}"; their names already tell them apart`
        : `The names already tell ${a} ("${own.verb}") from ${b} ("${other.verb}")`;
      return {
        type: 'scope_clarity',
        priority: 'low',
        recommendation: '',
        rationale: paragraph([apart, score(view)]),
        touchesDescription: false,
      };
    }
    if (e.nothingTellsApart) {
      return {
        type: 'scope_clarity',
        priority: 'high',
        recommendation: e.sameServer
          ? paragraph([`Merge ${a} and ${b}, or give each a first sentence about what only it does`])
          : paragraph([`Say in the first sentence of ${a} what it works on: a tool of another server has the same definition`]),
        rationale: paragraph([`Nothing in the two definitions tells ${a} from ${b}: no word, parameter or output of one is missing from the other`, score(view)]),
        touchesDescription: false,
      };
    }
    const mine = differences(view, e.sameServer);
    if (mine.length === 0) {
      return { type: 'scope_clarity', priority: 'medium', recommendation: '', rationale: paragraph([...differences(view, true), score(view)]), touchesDescription: false };
    }
    return {
      type: 'scope_clarity',
      priority: veryClose ? 'high' : 'medium',
      recommendation: paragraph([...mine, e.sameServer ? 'Say so in the first sentence of each description' : `Say so in the first sentence of ${a}`]),
      rationale: paragraph([e.sameServer ? null : `The other tool, ${b}, belongs to another server that a client may connect at the same time`, ...(e.sameServer ? [] : otherSide(view)), score(view)]),
      touchesDescription: true,
    };
  },
};
