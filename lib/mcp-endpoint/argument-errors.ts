import type { z } from 'zod';

export type ArgumentIssue = { argument: string; message: string };

const INVALID_TYPE = /^Invalid input: expected (\w+), received (\w+)$/;

/** One zod issue as a sentence that names the argument and the type it should have. */
function describe(issue: z.core.$ZodIssue, known: string[]): ArgumentIssue {
  const argument = issue.path.map(String).join('.') || '(arguments)';
  if (issue.code === 'unrecognized_keys') {
    return { argument: issue.keys.join(', '), message: `unknown argument${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')} (known: ${known.join(', ')})` };
  }
  const typeMismatch = INVALID_TYPE.exec(issue.message);
  if (typeMismatch) {
    const [, expected, received] = typeMismatch;
    return received === 'undefined'
      ? { argument, message: `missing required argument '${argument}' (expected ${expected})` }
      : { argument, message: `argument '${argument}' must be ${expected}, got ${received}` };
  }
  return { argument, message: `argument '${argument}': ${issue.message}` };
}

export function describeArgumentErrors(toolName: string, error: z.ZodError, known: string[]): { message: string; issues: ArgumentIssue[] } {
  const issues = error.issues.map((i) => describe(i, known));
  return { message: `Invalid arguments for ${toolName}: ${issues.map((i) => i.message).join('; ')}`, issues };
}
