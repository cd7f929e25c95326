import { ApiError } from '@/components/data/fetcher';

export type ArgumentIssue = { path: string; message: string };

/** The ajv issues of a 422 invalid_arguments answer ({path, message}[]), or none. */
export function argumentIssues(error: unknown): ArgumentIssue[] {
  if (!(error instanceof ApiError) || error.code !== 'invalid_arguments' || !Array.isArray(error.details)) return [];
  return (error.details as { path?: unknown; message?: unknown }[]).map((d) => ({
    path: typeof d.path === 'string' ? d.path : '',
    message: typeof d.message === 'string' ? d.message : 'is invalid',
  }));
}

/** Issues by top-level argument; the rest (root, unknown names) go to `other`. */
export function issuesByField(issues: ArgumentIssue[], names: string[]): { byField: Record<string, string>; other: string[] } {
  const known = new Set(names);
  const byField: Record<string, string> = {};
  const other: string[] = [];
  for (const issue of issues) {
    const head = issue.path.split('.')[0] ?? '';
    if (head && known.has(head)) byField[head] = byField[head] ? `${byField[head]}; ${issue.message}` : issue.message;
    else other.push(issue.message);
  }
  return { byField, other };
}
