import { exampleCall } from '../examples';
import type { IssueRule } from '../types';
import { paragraph, parameterList } from '../sentences';

const HAS_EXAMPLE = /\b(e\.g\.|eg\.|for example|for instance|such as|example)\b|"[^"]{2,}"|`[^`]{2,}`/i;

/**
 * An example call helps only when it uses what the other tool lacks: a parameter only this
 * tool takes. Without one, an example shows nothing the other tool would not accept too.
 */
export const exampleDistinctivenessRule: IssueRule = {
  type: 'example_distinctiveness',
  description: 'A confusable tool with a parameter of its own and no example call that uses it',
  detect(view) {
    const { tool, evidence: e, otherLabel: b } = view;
    // A tool to merge away needs no example; one without a parameter of its own gets nothing from one.
    if (HAS_EXAMPLE.test(tool.description) || e.parameters.own.length === 0 || e.duplicate) return null;
    const own = e.parameters.own.map((p) => p.name);
    return {
      type: 'example_distinctiveness',
      priority: 'low',
      recommendation: paragraph([`Add an example call that uses ${parameterList(e.parameters.own, 2)}, such as ${exampleCall(tool, own)}`]),
      rationale: paragraph([`The other tool, ${b}, does not take ${own.length > 1 ? 'these parameters' : 'this parameter'}, so a call that uses ${own.length > 1 ? 'them' : 'it'} fits only the tool it is written for`]),
      touchesDescription: true,
    };
  },
};
