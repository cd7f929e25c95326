import { describe, expect, it } from 'vitest';
import { knownVerb, objectOverlap, parseToolAction, relateActions, withoutProductPrefixes } from './actions';

describe('actions and objects', () => {
  it('reads the verb from the name past a product prefix, else from the description', () => {
    expect(parseToolAction('create_todo', 'Create a todo')).toEqual({ verb: 'create', object: ['todo'], prefix: [] });
    expect(parseToolAction('jira_search', 'Search issues using JQL')).toMatchObject({ verb: 'search', prefix: ['jira'] });
    expect(parseToolAction('Get DAG Details', 'Gets details of a DAG.')).toMatchObject({ verb: 'get', object: ['dag'] });
    expect(parseToolAction('whois_domain', 'Looks up WHOIS information about the specified domain.').verb).toBeNull();
    expect(parseToolAction('search', 'Search documents across indices')).toMatchObject({ verb: 'search', prefix: [] });
    expect(parseToolAction('records', 'Retrieves records of a table').verb).toBe('retrieve');
  });

  it('knows negated verbs and third-person forms', () => {
    expect(knownVerb('unban')).toBe('unban');
    expect(knownVerb('Deregister')).toBe('deregister');
    expect(knownVerb('Retrieves')).toBe('retrieve');
    expect(knownVerb('whois')).toBeNull();
  });

  it('relates actions: synonyms, related jobs, opposites and different jobs', () => {
    expect(relateActions('get', 'get')).toBe('same');
    expect(relateActions('get', 'fetch')).toBe('synonym');
    expect(relateActions('apply', 'patch')).toBe('synonym');
    expect(relateActions('search', 'query')).toBe('synonym');
    expect(relateActions('get', 'list')).toBe('related');
    expect(relateActions('create', 'delete')).toBe('opposite');
    expect(relateActions('add', 'remove')).toBe('opposite');
    expect(relateActions('start', 'stop')).toBe('opposite');
    expect(relateActions('ban', 'unban')).toBe('opposite');
    expect(relateActions('read', 'write')).toBe('opposite');
    expect(relateActions('send', 'forward')).toBe('different');
    expect(relateActions('get', null)).toBe('unknown');
  });

  it('drops a product prefix shared by the server, never an object after the verb', () => {
    const names = ['rag_search', 'rag_answer_question', 'rag_retrieve_context'];
    const parsed = names.map((n) => parseToolAction(n, ''));
    expect(parsed[0]!.object).toEqual(['rag']);
    const cleaned = withoutProductPrefixes(parsed, names, names.map(() => 'docs'));
    expect(cleaned.map((a) => a.object)).toEqual([[], ['question'], ['context']]);
    const todo = ['create_todo', 'delete_todo', 'list_todos'];
    expect(withoutProductPrefixes(todo.map((n) => parseToolAction(n, '')), todo, todo.map(() => 'todo')).map((a) => a.object)).toEqual([['todo'], ['todo'], ['todo']]);
    // A pair alone still drops the server's own name.
    const pair = ['linear_create_issue', 'linear_search_issues'];
    expect(withoutProductPrefixes(pair.map((n) => parseToolAction(n, '')), pair, ['Linear', 'Linear']).map((a) => a.object)).toEqual([['issue'], ['issue']]);
  });

  it('measures object overlap as a Jaccard share', () => {
    expect(objectOverlap(['task'], ['task'])).toBe(1);
    expect(objectOverlap(['task', 'comment'], ['task'])).toBe(0.5);
    expect(objectOverlap([], ['task'])).toBe(0);
  });
});
