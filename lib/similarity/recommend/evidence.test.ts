import { describe, expect, it } from 'vitest';
import { stripServerBoilerplate } from '@/lib/text/boilerplate';
import { humanizeName } from '@/lib/text/tokenize';
import { buildTfIdfIndex } from '../tfidf-matrix';
import { lexicalText } from '../texts';
import type { SimilarityParameter } from '../types';
import { createEvidenceContext, pairEvidence, type EvidenceTool } from './evidence';
import { keepWithinServer } from './llm-prompt';
import { reviseByRules } from './revise';
import { ORDERED_RULES } from './rules/registry';
import { checkRecommendationText } from './text-quality';
import type { Finding, PairView } from './types';

/** Hand-made pairs, one per kind of evidence, and what the rules write from each. */

const param = (name: string, type = 'string', required = false, description = ''): SimilarityParameter => ({ name, type, required, description });

function tool(server: string, name: string, description: string, parameters: SimilarityParameter[] = [], extra: Partial<EvidenceTool> = {}): EvidenceTool {
  return { id: `${server}/${name}`, server, name, description, parameters, ...extra };
}

/** Evidence and findings of the pair (0, 1) of `tools`, seen from tool 0. */
function examine(tools: EvidenceTool[], similarity = 0.95) {
  const boilerplate = stripServerBoilerplate(tools, humanizeName).spans;
  const context = createEvidenceContext(tools, buildTfIdfIndex(tools.map(lexicalText)), boilerplate);
  const evidence = pairEvidence(context, 0, 1);
  const view: PairView = {
    tool: tools[0]!,
    other: tools[1]!,
    toolLabel: tools[0]!.name,
    otherLabel: tools[1]!.name,
    similarity,
    threshold: 0.85,
    ownWords: evidence.ownWords,
    otherWords: evidence.otherWords,
    evidence,
  };
  const findings = ORDERED_RULES.map((r) => r.detect(view)).filter((f): f is Finding => f !== null);
  const byType = new Map(findings.map((f) => [f.type, f]));
  const issues = findings.map((f) => ({ tool: tools[0]!.id, relatedTools: [tools[1]!.id], recommendation: f.recommendation, rationale: f.rationale, applyCommands: f.rename ? [{ op: 'replace', path: '/name', value: f.rename }] : [] }));
  const revised = reviseByRules(tools[0]!, [view], findings);
  const problems = checkRecommendationText({ issues, revisions: [{ tool: tools[0]!.id, before: tools[0]!.description, after: revised }] }, tools);
  return { evidence, byType, revised, problems };
}

describe('evidence of a flagged pair', () => {
  it('same action, same parameters: a duplicate, and the advice is to merge', () => {
    const { evidence, byType, problems } = examine([
      tool('fs', 'read_file', 'Read the complete contents of a file as text.', [param('path', 'string', true)]),
      tool('fs', 'fetch_file', 'Fetch a file and return its text content.', [param('path', 'string', true)]),
      tool('fs', 'write_file', 'Write text to a file.', [param('path', 'string', true), param('content')]),
    ]);
    expect(evidence.duplicate).toBe(true);
    expect(evidence.action.relation).toBe('synonym');
    expect(byType.get('scope_clarity')?.recommendation).toBe('Merge read_file and fetch_file into one tool, or keep one and remove the other.');
    expect(byType.get('scope_clarity')?.rationale).toMatch(/^Both read_file and fetch_file do the same kind of job \("read" and "fetch"\) and take the same parameters \(path\)\./);
    expect(problems).toEqual([]);
  });

  it('two parameterless tools with one verb are not duplicates when their objects differ', () => {
    const { evidence } = examine([tool('app', 'get_status', 'Get the service status.'), tool('app', 'get_version', 'Get the service version.')]);
    expect(evidence.duplicate).toBe(false);
    expect(evidence.ownWords).toEqual(['status']);
    expect(evidence.otherWords).toEqual(['version']);
  });

  it("a server's repeated error block: the span is the server's, cut in the advice and from the revision", () => {
    const errors = 'Error Responses: 400: Bad request. 401: Unauthorized. 404: Not found.';
    const { evidence, byType, revised, problems } = examine([
      tool('crm', 'search_contacts', `Search contacts by name or email. ${errors}`, [param('query', 'string', true)]),
      tool('crm', 'search_deals', `Search deals by title or stage. ${errors}`, [param('query', 'string', true)]),
      tool('crm', 'create_note', `Create a note on a contact. ${errors}`, [param('text', 'string', true)]),
    ]);
    expect(evidence.span).toMatchObject({ source: 'server', share: 1 });
    expect(evidence.span?.text).toMatch(/^Error Responses: 400: Bad request\. 401: Unauthorized\. 404: Not found\.?$/);
    expect(byType.get('terminology_overlap')?.recommendation).toMatch(/^Cut "Error Responses: 400: Bad request\. 401: Unauthorized\. 404: Not found\.?" from the description of search_contacts, or move it to the server's instructions\.$/);
    expect(evidence.duplicate).toBe(false);
    expect(revised.startsWith('Search contacts by name or email.')).toBe(true);
    expect(revised).not.toContain('Error Responses');
    // The words that remain tell the two apart, and the revision points to the other by its object.
    expect(evidence.ownWords).toEqual(expect.arrayContaining(['contacts', 'email']));
    expect(revised).toContain('To search the deals, use search_deals.');
    expect(problems).toEqual([]);
  });

  it('parameters, types, required flags and outputs that differ are named', () => {
    const { evidence, byType, problems } = examine([
      tool('files', 'search_files', 'Search for files under a directory.', [param('path', 'string', true, 'Root'), param('pattern', 'string', true, 'Glob'), param('depth', 'integer')], {
        outputSchema: { type: 'object', properties: { paths: { type: 'array' }, truncated: { type: 'boolean' } } },
      }),
      tool('files', 'find_files', 'Find files under a directory.', [param('path', 'string', true, 'Root'), param('name', 'string', true, 'Exact name'), param('depth', 'string', true)], {
        outputSchema: { type: 'object', properties: { paths: { type: 'array' } } },
      }),
    ]);
    expect(evidence.parameters.own.map((p) => p.name)).toEqual(['pattern']);
    expect(evidence.parameters.other.map((p) => p.name)).toEqual(['name']);
    expect(evidence.parameters.typeDiffers).toEqual([{ name: 'depth', own: 'integer', other: 'string' }]);
    expect(evidence.parameters.requiredDiffers).toEqual([{ name: 'depth', requiredHere: false }]);
    expect(evidence.outputs).toEqual({ own: ['truncated'], other: [] });
    const scope = byType.get('scope_clarity')?.recommendation ?? '';
    expect(scope).toContain('Only search_files takes pattern (string).');
    expect(scope).toContain('Only find_files takes name (string).');
    expect(scope).toContain('The depth parameter is an integer in search_files and a string in find_files.');
    expect(scope).toContain('Only search_files returns truncated.');
    expect(byType.get('example_distinctiveness')?.recommendation).toBe('Add an example call that uses pattern (string), such as search_files({"path":"<path>","pattern":"<pattern>"}).');
    expect(problems).toEqual([]);
  });

  it('the same name on two servers, differing only by what they work on: name the object, and never point across servers', () => {
    const { evidence, byType, revised, problems } = examine([
      tool('wiki', 'search', 'Search wiki pages by keyword and return matching pages with snippets.', [param('query', 'string', true)]),
      tool('tracker', 'search', 'Search tickets by keyword and return matching tickets with their status.', [param('query', 'string', true)]),
    ]);
    expect(evidence.sameServer).toBe(false);
    expect(evidence.unstatedObject).toEqual({ own: 'pages', other: 'tickets' });
    expect(byType.get('naming_clarity')?.recommendation).toBe('Name the object in search, e.g. search_pages.');
    expect(byType.get('naming_clarity')?.rename).toBe('search_pages');
    expect(byType.get('scope_clarity')?.recommendation).not.toContain('tracker');
    expect(revised).not.toContain('tracker');
    expect(problems).toEqual([]);
  });

  it('opposite actions on one object: a rationale only, since the names already tell them apart', () => {
    const { evidence, byType, problems } = examine([
      tool('vm', 'start_instance', 'Start a stopped virtual machine instance.', [param('instanceId', 'string', true)]),
      tool('vm', 'stop_instance', 'Stop a running virtual machine instance.', [param('instanceId', 'string', true)]),
    ]);
    expect(evidence.action.relation).toBe('opposite');
    expect(evidence.duplicate).toBe(false);
    expect(byType.get('scope_clarity')).toMatchObject({ recommendation: '', priority: 'low' });
    expect(byType.get('scope_clarity')?.rationale).toMatch(/^Both start_instance and stop_instance act on the same object \(instance\), but one is "start" and the other "stop"; their names already tell them apart\./);
    expect(byType.has('naming_clarity')).toBe(false);
    expect(problems).toEqual([]);
  });

  it('nothing tells two tools apart: says so, and advises a merge within one server', () => {
    const { evidence, byType, problems } = examine([
      tool('kb', 'lookup_article', 'Look up an article in the knowledge base.', [param('id', 'string', true)]),
      tool('kb', 'get_article', 'Look up an article in the knowledge base.', [param('id', 'string', true)]),
    ]);
    expect(evidence.duplicate).toBe(true);
    expect(byType.get('scope_clarity')?.recommendation).toBe('Merge lookup_article and get_article into one tool, or keep one and remove the other.');
    expect(problems).toEqual([]);
  });
});

describe('an LLM revision stays within its server', () => {
  const tools = [tool('wiki', 'wiki_search', 'Search wiki pages.'), tool('wiki', 'wiki_get_page', 'Get one page.'), tool('tracker', 'ticket_search', 'Search tickets.')];

  it('keeps clauses that name its own tools and cuts those that name another server\'s', () => {
    expect(keepWithinServer('Search wiki pages by keyword; for tickets, use ticket_search instead. For one page by id, use wiki_get_page.', tools[0]!, tools)).toBe(
      'Search wiki pages by keyword. For one page by id, use wiki_get_page.',
    );
  });

  it('rejects an answer that is nothing but a pointer to another server', () => {
    expect(() => keepWithinServer('Use ticket_search instead.', tools[0]!, tools)).toThrow(/named a tool of another server \(ticket_search\)/);
  });
});
