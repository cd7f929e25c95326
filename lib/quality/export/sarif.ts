import type { Finding, Severity } from '../types';
import type { LintExport } from './types';

/**
 * SARIF 2.1.0 (OASIS), read by GitHub code scanning and most CI viewers. Tools are not files,
 * so each result is located by a logical location: the tool as "server/tool" (kind
 * "function"), or the server itself (kind "module") for a server finding. The fix hint
 * travels in the message and in properties.fix.
 */
const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export const sarifExport: LintExport = {
  id: 'sarif',
  description: 'SARIF 2.1.0, for code scanning and CI viewers.',
  contentType: 'application/sarif+json; charset=utf-8',
  fileExtension: 'sarif',
  render(report) {
    const index = new Map(report.rules.map((r, i) => [r.id, i]));
    const result = (f: Finding, kind: 'function' | 'module') => ({
      ruleId: f.ruleId,
      ruleIndex: index.get(f.ruleId) ?? -1,
      level: LEVEL[f.severity],
      message: { text: `${f.message} Fix: ${f.fix}` },
      locations: [{ logicalLocations: [{ name: kind === 'function' ? f.tool.slice(f.tool.lastIndexOf('/') + 1) : f.tool, fullyQualifiedName: f.tool, kind }] }],
      properties: { fix: f.fix, ...(f.span ? { span: f.span } : {}) },
    });
    const sarif = {
      $schema: SARIF_SCHEMA,
      version: '2.1.0',
      runs: [
        {
          tool: {
            driver: {
              name: 'mcp-eval-harness description lint',
              rules: report.rules.map((r) => ({
                id: r.id,
                shortDescription: { text: r.description },
                defaultConfiguration: { level: LEVEL[r.severity] },
                properties: { category: r.category, scope: r.scope },
              })),
            },
          },
          results: [...report.servers.flatMap((s) => s.findings.map((f) => result(f, 'module'))), ...report.tools.flatMap((t) => t.findings.map((f) => result(f, 'function')))],
          properties: { toolScores: Object.fromEntries(report.tools.map((t) => [t.id, t.score])), serverScores: Object.fromEntries(report.servers.map((s) => [s.name, s.score])) },
        },
      ],
    };
    return JSON.stringify(sarif, null, 2);
  },
};
