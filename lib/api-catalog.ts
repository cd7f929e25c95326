import { describeProvidersForDocs, keyHeadersOf, PROVIDER_CATALOG } from './providers/catalog';

/** The REST API at a glance; rendered by the API doc page and kept next to the code it describes. */
export type ApiEndpoint = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; summary: string };
export type ApiSection = { title: string; endpoints: ApiEndpoint[] };

export const API_SECTIONS: ApiSection[] = [
  {
    title: 'MCP servers',
    endpoints: [
      { method: 'GET', path: '/api/servers', summary: 'List servers (?search, status, transport, limit, offset).' },
      { method: 'POST', path: '/api/servers', summary: 'Register a server; runs the MCP handshake (2 s bound) and returns 201 with its status. transport "static" takes {name, tools} instead (MCP, OpenAI, Anthropic or data-file definitions; 400 names tool and field, e.g. tools.3.inputSchema).' },
      { method: 'GET', path: '/api/servers/{id}', summary: 'One server; secrets are never returned (auth: {type, configured}).' },
      { method: 'PATCH', path: '/api/servers/{id}', summary: 'Update (PUT is the same); omitted fields and secrets are kept; re-checks connectivity. Static servers: tools replaces the list, omitted keeps it.' },
      { method: 'DELETE', path: '/api/servers/{id}', summary: '409 server_in_use if test cases use it, unless ?force=true (deletes them too).' },
      { method: 'POST', path: '/api/servers/{id}/check', summary: 'Run the connectivity check again.' },
      { method: 'GET', path: '/api/servers/{id}/tools', summary: 'Live tool list, every page of tools/list; nothing stored. Static servers: the stored list, same shape.' },
      { method: 'POST', path: '/api/servers/{id}/snapshot', summary: 'Freeze the server\'s current tools into a new static server {name}: 201; 409 name taken; 502 the server failed.' },
      { method: 'POST', path: '/api/servers/{id}/tools/{name}/call', summary: 'Playground: {arguments, timeoutMs?}; validated against inputSchema (422 invalid_arguments) before sending; static tools: 422 static_tool_not_executable.' },
      { method: 'GET', path: '/api/servers/{id}/executions', summary: 'Playground history of the server (?toolName, limit, offset).' },
      { method: 'POST', path: '/api/servers/import', summary: 'Import an mcp.json / claude_desktop_config.json / VS Code mcp.json document.' },
      { method: 'GET', path: '/api/servers/export', summary: 'Export the registry (?format=mcp|vscode); secrets become placeholders; static tool sets are left out (no address).' },
    ],
  },
  {
    title: 'Test cases',
    endpoints: [
      { method: 'GET', path: '/api/test-cases', summary: 'List (?search, serverId, serverName, expectedTool, kind=positive|negative, tag (repeatable: cases with every tag, or any with tagMatch=any), sort=created|name|expectedTool|lastVerdict, dir=asc|desc, limit, offset); each item carries lastVerdicts, the latest completed verdict per model (provider/model), most recent first.' },
      { method: 'POST', path: '/api/test-cases', summary: 'Create {name, query, serverIds, expectedServer, expectedTool, expectedParameters, tags?} (tags: at most 20, each 1-50 letters, digits, _ - . or spaces); sequence cases add mode (selection|sequence), expectedCalls [{server, tool, arguments?}] (arguments may use {$fromResult: {call, path}}), callOrder (exact|any), context (earlier turns), forbiddenTools [{server, tool}], maxSteps (1..20, default 5), execute (none|read-only|{allow}), mockResults; each bad value is a 400 naming the field.' },
      { method: 'GET', path: '/api/test-cases/tags', summary: 'Every tag in use with its number of test cases, most used first.' },
      { method: 'POST', path: '/api/test-cases/bulk-delete', summary: 'Delete {ids} or every case matching {filter: the list filters, tag as an array} in one transaction: all or none; 400 when empty or over 10,000; 409 while any has a run in progress.' },
      { method: 'GET', path: '/api/test-cases/{id}', summary: 'One test case.' },
      { method: 'PATCH', path: '/api/test-cases/{id}', summary: 'Update (PUT is the same); the merged case is validated as a whole.' },
      { method: 'DELETE', path: '/api/test-cases/{id}', summary: 'Delete the test case (and, later, its runs).' },
      { method: 'POST', path: '/api/test-cases/import', summary: 'Import a JSON array, JSONL or CSV file (?format or Content-Type); per-row report.' },
      { method: 'GET', path: '/api/test-cases/export', summary: 'Export (?format=json|jsonl|csv plus the list filters).' },
      { method: 'POST', path: '/api/import/bfcl', summary: 'Import BFCL entries {entries, answers?}: one static tool set per function set, test cases with argumentMatching "bfcl" (irrelevance -> negative; parallel/multi-call -> one-turn sequence case: callOrder any, maxSteps 1, nothing executed); per-entry report (already_imported with the case id when imported before).' },
      { method: 'POST', path: '/api/import/mcp-tef', summary: "Import mcp-tef test cases (one object or an array): servers matched by URL or registered; one expected call is the pair, two or more a sequence case (order_dependent_matching: true = exact order, else any); available_mcp_servers as URL strings or {url, transport}; per-case report with expectedCalls counted; a case an earlier import made is already_imported." },
    ],
  },
  {
    title: 'Evaluations',
    endpoints: [
      { method: 'GET', path: '/api/test-cases/{id}/runs', summary: "The case's runs across batches and models, newest first (?limit, offset): batch, model, verdict, confidence, pass^k, argument score; plus timeline, each model's latest 30 verdicts oldest first; 404 unknown case." },
      { method: 'POST', path: '/api/test-cases/{id}/runs', summary: `Run one test case: {model, samples?}; keys in ${keyHeadersOf(PROVIDER_CATALOG).join(' / ')}; 202.` },
      { method: 'POST', path: '/api/batches', summary: `Run test cases x models x samples: {name?, testCaseIds? | tags? (+ tagMatch=all|any) | filter? (the list filters; none matching is a 400), models, samples?, concurrency?}; 202. Providers: ${describeProvidersForDocs(PROVIDER_CATALOG)}.` },
      { method: 'GET', path: '/api/batches', summary: 'Batches with progress counts (?status, limit, offset).' },
      { method: 'GET', path: '/api/batches/{id}', summary: 'One batch and its counts.' },
      { method: 'GET', path: '/api/batches/{id}/matrix', summary: 'Test case x model matrix: rows are the cases, columns the models, each cell {runId, runIds, status, classification, outcome, confidence, agreement, passK, samples, argumentScore, selectedServer, selectedTool, error}; ?sort=name|disagreement|worst|model (with modelId), dir=asc|desc, search (case name contains), limit (1-500, default 100), offset; 404 unknown batch, 400 bad sort or modelId.' },
      { method: 'GET', path: '/api/batches/{id}/report', summary: 'The batch as a file (?format=html (default) | md | csv | json): standalone HTML with charts, Markdown, CSV one row per run (formula-safe), versioned JSON; 404 unknown batch, 400 unknown format.' },
      { method: 'GET', path: '/api/batches/{id}/events', summary: 'Server-sent events: progress, one run per finished run, then done.' },
      { method: 'POST', path: '/api/batches/{id}/cancel', summary: 'Stop new work at once; in-flight runs end as cancelled.' },
      { method: 'GET', path: '/api/test-runs', summary: 'Runs (?testCaseId, batchId, status, provider, model, classification, limit, offset).' },
      { method: 'GET', path: '/api/test-runs/call-figures', summary: 'Per-call figures of the sequence runs among the runs (?batchId, provider, model): {calls}, the metrics summary\u2019s calls alone (null without sequence runs).' },
      { method: 'GET', path: '/api/test-runs/{id}', summary: 'One run with its tool snapshot, raw response and evaluation; confidenceSource says which method gave its confidence, confidencePending that a batch run\u2019s self-assessment is still to come; a sequence run adds steps, trajectory (steps, calls with source and result) and calls (per-call TP/FN/FP verdicts).' },
      { method: 'DELETE', path: '/api/test-runs/{id}', summary: 'Delete a finished run and its snapshot (409 while in progress).' },
    ],
  },
  {
    title: 'Experiments',
    endpoints: [
      { method: 'POST', path: '/api/experiments', summary: 'Try tool rewrites: {name?, testCaseIds? (default: the cases of the changed tools\' servers), models (1-5), samples?, concurrency?, variants: [{name, changes: [{server, tool, description?, name?, inputSchema?, annotations?}]}]}; keys as for batches; one batch per variant plus "original"; 202. 422 unknown_server / unknown_tool.' },
      { method: 'GET', path: '/api/experiments', summary: 'Experiments with status, progress and per-variant metrics (?limit, offset).' },
      { method: 'POST', path: '/api/experiments/default-cases', summary: 'The cases an experiment would preselect, every one: {servers?, focusTools?: [{server, tool}]} -> {rule, ids, total}; with focusTools the cases expecting one of them, else the cases showing one of the servers (the POST default).' },
      { method: 'GET', path: '/api/experiments/{id}', summary: 'Per variant: metrics with 95% intervals (Wilson; bootstrap for F1), deltas vs original with a paired test and outcome, flipped cases, changed tools, confusion.' },
      { method: 'POST', path: '/api/experiments/{id}/cancel', summary: 'Cancel every variant\'s batch.' },
      { method: 'GET', path: '/api/experiments/{id}/variants/{name}/export', summary: 'Adopt a variant elsewhere: ?format=patch (RFC 6902 per server over its tools/list array) or tools (the edited lists).' },
      { method: 'POST', path: '/api/experiments/{id}/variants/{name}/apply', summary: 'Write the variant into its static server(s) {serverId?}; 409 not_static for a live server.' },
    ],
  },
  {
    title: 'Metrics',
    endpoints: [
      { method: 'GET', path: '/api/metrics/summary', summary: 'Counts, precision/recall/F1/accuracy/specificity, parameters, confidence, pass^k, latency, tokens, breakdowns, confusion matrix, and calls (sequence runs: per-call TP/FP/FN, precision/recall/F1, argument correctness, per-case steps, tokens and latency; null without any) (?batchId, testCaseId, serverName, toolName, provider, model, from, to, includeExperiments); experiment variants\u2019 batches are left out unless batchId names one or includeExperiments=true, and experimentsLeftOut {batches, runs} says how many batches and evaluated runs the other filters matched there (0 when none or included).' },
      { method: 'GET', path: '/api/metrics/confusions', summary: 'Off-diagonal confusion-matrix pairs, most frequent first: {expected, selected, count, similarity} (the summary filters, includeExperiments too); similarity is the calibrated score of the two descriptions the runs saw, null for none.' },
      { method: 'GET', path: '/api/baseline', summary: 'The pinned baseline batch: {batch | null, pinnedAt}. One for the app; comparisons default to it as A.' },
      { method: 'PUT', path: '/api/baseline', summary: 'Pin a finished batch as the baseline {batchId}: 404 unknown, 409 while it runs.' },
      { method: 'DELETE', path: '/api/baseline', summary: 'Unpin the baseline.' },
      { method: 'GET', path: '/api/metrics/trend', summary: 'Trend by batch (the summary filters, includeExperiments too): accuracy, F1, precision, recall and counts per batch, oldest first, the latest 50 batches.' },
      { method: 'GET', path: '/api/metrics/flaky', summary: 'Flaky test cases per model (?provider, model, testCaseId, batchId, history, limit, offset, includeExperiments): samples that disagreed, or a verdict that changed between batches under the same tools (same content hash); reasons, counts and the latest runs. Experiment variants\u2019 batches are left out unless batchId names one (that batch alone) or includeExperiments=true.' },
      { method: 'GET', path: '/api/metrics/compare', summary: 'Batch vs batch (?a, b): whole-batch summaries and batchDeltas; deltas of precision, recall, F1, accuracy and specificity over the case x model units both ran (shared); significance on the shared cases; the cases whose verdict changed.' },
    ],
  },
  {
    title: 'Similarity analysis',
    endpoints: [
      { method: 'POST', path: '/api/similarity/analyze', summary: 'Pairs, flagged pairs, clusters (and recommendations) for serverList | toolList | urlList | serverIds; boilerplate lists the spans each server repeats, cut before comparing. Large sets (up to 200,000 tools, 256 MB) stream as Content-Type: application/x-ndjson: an options line ({} or e.g. {"similarityThreshold": 0.85}), then one toolList entry per line; errors name the line.' },
      { method: 'POST', path: '/api/similarity/overlap-matrix', summary: 'The overlap matrix (semantic 0.5, parameters 0.3, description 0.2) and its dimension matrices.' },
      { method: 'POST', path: '/api/similarity/recommendations', summary: 'Issues per tool with revised descriptions and RFC 6902 apply commands.' },
      { method: 'POST', path: '/api/similarity/report', summary: 'The analysis as a file (?format=json|csv|md|html).' },
      { method: 'POST', path: '/api/similarity/test-case-drafts', summary: 'Draft test cases for flagged pairs no case covers {serverIds, similarityThreshold?, llm?}: one request per tool that the other does not serve, with expected parameters and a rationale (rules, or the model with its key); accept one by POSTing it to /api/test-cases.' },
      { method: 'POST', path: '/api/quality/lint', summary: 'Description quality lint of serverList | toolList | urlList | serverIds: findings (rule id, severity, message, fix, span) and 0-100 scores per tool and server, the rules, counts per rule; ?format=sarif (SARIF 2.1.0) | md as files. With llm: {provider, model} and its key header, an LLM rubric score and a suggested description per tool (first 50 tools).' },
    ],
  },
  {
    title: "The app's own MCP endpoint",
    endpoints: [
      { method: 'POST', path: '/mcp', summary: 'Streamable HTTP MCP endpoint (X-API-Key; 120 requests/minute per key): list_servers, list_test_cases, list_runs, get_run, get_metrics, analyze_similarity, query_sql.' },
      { method: 'GET', path: '/api/api-keys', summary: 'API keys for /mcp and REST API tokens (?kind=mcp|api; prefix, created, last used, revoked; never the key).' },
      { method: 'POST', path: '/api/api-keys', summary: 'Create a key {name, kind?: "mcp" (default) | "api" (a bearer token for the REST API)}: the plaintext key is in this response only.' },
      { method: 'DELETE', path: '/api/api-keys/{id}', summary: 'Revoke a key or token; it is refused from the next request on.' },
    ],
  },
  {
    title: 'Operations',
    endpoints: [
      { method: 'GET', path: '/api/settings', summary: 'App settings: the default embedding model of the similarity analysis.' },
      { method: 'PUT', path: '/api/settings', summary: 'Set {embeddingModel: "auto" | a known model id}.' },
      { method: 'POST', path: '/api/auth/login', summary: 'When authentication is on: {password} (ADMIN_PASSWORD or ADMIN_TOKEN) sets the session cookie; 401 when wrong, 429 with Retry-After after 5 wrong attempts a minute.' },
      { method: 'POST', path: '/api/auth/logout', summary: 'Clears the session cookie.' },
      { method: 'GET', path: '/api/auth/session', summary: '{authEnabled, via}: whether authentication is on and how this request got in (session, api-token, admin-token).' },
      { method: 'GET', path: '/api/health', summary: 'healthy / degraded / unavailable with reasons, database latency, server counts, run latency p50/p95, error rate, runs per minute, circuit breakers.' },
    ],
  },
  {
    title: 'Demo MCP servers (served by this app)',
    endpoints: [
      { method: 'POST', path: '/demo/{rag|todo|valuerank}/mcp', summary: 'Streamable HTTP endpoint (stateless).' },
      { method: 'GET', path: '/demo/{rag|todo|valuerank}/sse', summary: 'Legacy HTTP+SSE endpoint; messages go to /demo/{id}/messages.' },
    ],
  },
];
