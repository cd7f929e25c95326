import { describe, expect, it } from 'vitest';
import { actionMode, knownVerb, objectOverlap, parseToolAction, relateActions, withoutProductPrefixes } from './actions';

describe('actions and objects', () => {
  it('reads the verb from the name past a product prefix, else from the description', () => {
    expect(parseToolAction('create_todo', 'Create a todo')).toEqual({ verb: 'create', alternatives: [], object: ['todo'], described: ['todo'], prefix: [] });
    expect(parseToolAction('jira_search', 'Search issues using JQL')).toMatchObject({ verb: 'search', prefix: ['jira'] });
    expect(parseToolAction('Get DAG Details', 'Gets details of a DAG.')).toMatchObject({ verb: 'get', object: ['dag'] });
    expect(parseToolAction('whois_domain', 'Looks up WHOIS information about the specified domain.').verb).toBeNull();
    expect(parseToolAction('search', 'Search documents across indices')).toMatchObject({ verb: 'search', prefix: [] });
    expect(parseToolAction('records', 'Retrieves records of a table').verb).toBe('retrieve');
  });

  it('reads verb-last and camelCase names, alternatives, qualifiers, and verbs the table lacks when the description uses them', () => {
    expect(parseToolAction('s3_bucket_list', 'List all S3 buckets')).toMatchObject({ verb: 'list', object: ['s3', 'bucket'] });
    expect(parseToolAction('charge_list', 'List recent charges')).toMatchObject({ verb: 'list', object: ['charge'] });
    expect(parseToolAction('GetCollections', 'Get all collections')).toMatchObject({ verb: 'get', object: ['collection'] });
    expect(parseToolAction('get_or_create_label', 'Gets a label or creates it')).toMatchObject({ verb: 'get', alternatives: ['create'], object: ['label'] });
    expect(parseToolAction('get_task_by_id', 'Get a task')).toMatchObject({ verb: 'get', object: ['task'] });
    expect(parseToolAction('get_list_of_tags', 'Get a list of tags')).toMatchObject({ verb: 'get', object: ['tag'] });
    expect(parseToolAction('Add Post', 'Create a post')).toMatchObject({ verb: 'add', object: ['post'] });
    expect(parseToolAction('Patch Multiple DAGs', 'Patch DAGs')).toMatchObject({ verb: 'patch', object: ['dag'] });
    expect(parseToolAction('escrowPayment', 'Escrows a payment until delivery.')).toMatchObject({ verb: 'escrow', object: ['payment'] });
    expect(parseToolAction('weather_forecast', 'Weather forecast for a city').verb).toBeNull();
    expect(parseToolAction('inventory', 'This tool retrieves the inventory of a store').verb).toBe('retrieve');
  });

  it('reads agent nouns as the job, third-person words of a name as nouns, and a name-ending compound by its description', () => {
    expect(parseToolAction('netlify-project-services-reader', 'Read operations')).toMatchObject({ verb: 'read', object: ['netlify', 'project', 'service'] });
    // A core job of an agent noun wins over another verb of the name ("deploy" is the object here).
    expect(parseToolAction('netlify-deploy-services-updater', 'Write operations')).toMatchObject({ verb: 'update', object: ['netlify', 'deploy', 'service'] });
    expect(parseToolAction('refreshBrowser', 'Reloads the tab')).toMatchObject({ verb: 'refresh', object: ['browser'] });
    // "requests" in a name is a noun: the description gives the verb.
    expect(parseToolAction('browser_network_requests', 'Returns a numbered list of network requests')).toMatchObject({ verb: 'return', object: ['browser', 'network', 'request'] });
    // A trailing non-core verb after a noun that the description says as a compound is a noun too ...
    expect(parseToolAction('browser_network_request', 'Returns full details of a single network request')).toMatchObject({ verb: 'return', object: ['browser', 'network', 'request'] });
    // ... but not when the description does not: "audit" stays the verb.
    expect(parseToolAction('lighthouse_audit', 'Get Lighthouse scores and failing audits')).toMatchObject({ verb: 'audit', object: ['lighthouse'] });
    expect(parseToolAction('take_screenshot', 'Take a screenshot of the page')).toMatchObject({ verb: 'take', object: ['screenshot'] });
    expect(parseToolAction('search_sentry_tools', 'Find tools').object).toEqual(['sentry']);
    expect(parseToolAction('maintenance_off', 'Disable maintenance mode').object).toEqual(['maintenance']);
  });

  it('says whether an action reads, writes or destroys', () => {
    expect(['get', 'list', 'describe', 'export', 'take'].map(actionMode)).toEqual(['read', 'read', 'read', 'read', 'read']);
    expect(['create', 'update', 'put', 'start', 'merge', 'dispatch', 'detach'].map(actionMode)).toEqual(['write', 'write', 'write', 'write', 'write', 'write', 'write']);
    expect(['delete', 'wipe', 'cancel', 'revoke', 'reject', 'uninstall', 'disconnect'].map(actionMode)).toEqual(['destroy', 'destroy', 'destroy', 'destroy', 'destroy', 'destroy', 'destroy']);
    expect(actionMode('get|create')).toBeNull();
    expect(actionMode('create|update')).toBe('write');
    expect(actionMode(null)).toBeNull();
  });

  it('compares objects by plural-blind keys', () => {
    expect(objectOverlap(['aliases'], ['alias'])).toBe(1);
    expect(objectOverlap(['databases'], ['database'])).toBe(1);
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
    // Reading vs changing, and two unrelated changes, are different jobs; two readings are related.
    expect(relateActions('list', 'create')).toBe('different');
    expect(relateActions('create', 'update')).toBe('different');
    expect(relateActions('describe', 'export')).toBe('related');
    expect(relateActions('grant', 'revoke')).toBe('opposite');
    expect(relateActions('deposit', 'withdraw')).toBe('opposite');
    expect(relateActions('stake', 'restake')).toBe('synonym');
    expect(relateActions('escrow', 'release')).toBe('different');
    // Alternatives take the closest relation.
    expect(relateActions('get|create', 'create')).toBe('same');
    expect(relateActions('get|create', 'delete')).toBe('different');
    // Capturing: taking a screenshot or a snapshot is one job; wiping is deleting.
    expect(relateActions('take', 'screenshot')).toBe('synonym');
    expect(relateActions('wipe', 'get')).toBe('different');
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
