/**
 * The description lint over the shared 2,797-tool file: per rule, the share of tools (server
 * rules: servers) with the finding, printed as the Markdown table the README shows next to
 * the published figures of "MCP Tool Descriptions Are Smelly!" (arXiv 2602.14878), and the
 * time the lint takes. `npx tsx bench/run.ts quality` runs it alone.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { withIds } from '@/lib/quality/ids';
import { lintTools } from '@/lib/quality/lint';
import { prevalence } from '@/lib/quality/prevalence';
import { fromServerList } from '@/lib/similarity/extract/request-lists';
import { ServerEntrySchema } from '@/lib/similarity/schemas';

const DATA_FILE = process.env.SIMILARITY_DATA_FILE ?? '/work/shared/data/mcp-servers-2797-tools.json';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export async function runBenchmark(): Promise<void> {
  const servers = z.array(ServerEntrySchema).parse(JSON.parse(fs.readFileSync(DATA_FILE, 'utf8')));
  const tools = withIds(fromServerList(servers));
  lintTools(tools); // warm-up
  const started = performance.now();
  const report = lintTools(tools);
  const ms = performance.now() - started;
  const p = prevalence(report);
  console.log(`lint: ${report.summary.toolCount} tools of ${report.summary.serverCount} servers in ${ms.toFixed(0)} ms (warm); mean tool score ${report.summary.meanToolScore}`);
  console.log(`tools with any finding ${pct(p.anyFinding)}, with a rubric finding ${pct(p.anyRubric)}, with a warning or error ${pct(p.anyWarningOrError)}`);
  console.log('\n| rule | severity | share | count |\n|---|---|---|---|');
  for (const r of p.rows) console.log(`| \`${r.ruleId}\` | ${r.severity} | ${pct(r.share)} | ${r.count} |`);
  await Promise.resolve();
}
