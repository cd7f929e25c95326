import { humanizeName } from '../../text/tokenize';
import { findWord } from '../text';
import type { LintTool, ToolRule } from '../types';

/** A parameter counts as explained by the text when its name, or its name read as words, appears in it. */
export function mentionedInText(tool: LintTool, parameter: string): boolean {
  return findWord(tool.description, parameter) !== null || findWord(tool.description, humanizeName(parameter)) !== null;
}

export const paramsUnexplained: ToolRule = {
  id: 'params-unexplained',
  severity: 'warning',
  category: 'rubric',
  scope: 'tool',
  description: 'A parameter is explained neither in its schema description nor in the tool description.',
  check(tool) {
    const unexplained = tool.parameters.filter((p) => !p.description.trim() && !mentionedInText(tool, p.name)).map((p) => p.name);
    if (!unexplained.length) return [];
    const list = unexplained.map((n) => `"${n}"`).join(', ');
    return [
      {
        message:
          unexplained.length === 1
            ? `The parameter ${list} is not explained anywhere, so a model has to guess what to pass.`
            : `The parameters ${list} are not explained anywhere, so a model has to guess what to pass.`,
        fix: 'Give each parameter a description in the input schema: what it is, its format and an example value.',
      },
    ];
  },
};
