import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors';
import { humanizeName } from '../../text/tokenize';
import { loadSuite } from '../suite/load';
import { listLiveTools } from './live-tools';

/** What lint and similarity analyse: servers with their tools, read from tool files or suites. */
export type ToolSource = { serverList: { name: string; tools: Record<string, unknown>[] }[]; /** The servers listed live (stdio, HTTP). */ live: string[] };

const isSuite = (file: string) => /\.ya?ml$/i.test(file) || /"(testCases|servers)"\s*:/.test(fs.readFileSync(file, 'utf8').slice(0, 20_000));

/**
 * A tool file (MCP `{tools}`, an array of tools, or the shared data file's server list) is one
 * server named after the file. A suite contributes every server `run` would use: static ones
 * with their tools, and live ones (stdio, HTTP) listed now with the run's MCP client
 * (live-tools.ts: an unreachable server is exit 3, stdio children are closed).
 */
export async function readToolSources(files: string[], cwd: string, env: Record<string, string | undefined>, signal: AbortSignal): Promise<ToolSource> {
  if (!files.length) throw new UsageError('give at least one tools file or suite file');
  const serverList: ToolSource['serverList'] = [];
  const live: string[] = [];
  for (const given of files) {
    const file = path.resolve(cwd, given);
    if (!fs.existsSync(file)) throw new UsageError(`${given}: no such file`);
    if (isSuite(file)) {
      for (const { name, input } of loadSuite(file, env).servers) {
        const tools = input.transport === 'static' ? (input.tools ?? []) : await listLiveTools(file, name, input, signal);
        serverList.push({ name, tools: tools as Record<string, unknown>[] });
        if (input.transport !== 'static') live.push(name);
      }
      continue;
    }
    let doc: unknown;
    try {
      doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      throw new UsageError(`${given}: not JSON (${(err as Error).message})`);
    }
    const name = path.basename(file).replace(/\.[^.]+$/, '').replace(/[^A-Za-z0-9 _.-]/g, '-') || 'tools';
    if (Array.isArray(doc) && doc.every((d) => typeof d === 'object' && d !== null && 'tools' in d)) serverList.push(...(doc as { name: string; tools: Record<string, unknown>[] }[]));
    else if (Array.isArray(doc)) serverList.push({ name, tools: doc as Record<string, unknown>[] });
    else if (typeof doc === 'object' && doc !== null && Array.isArray((doc as { tools?: unknown }).tools)) serverList.push({ name, tools: (doc as { tools: Record<string, unknown>[] }).tools });
    else throw new UsageError(`${given}: expected {tools: [...]}, a list of tools or a list of servers with tools`);
  }
  return { serverList, live };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * For the similarity analysis, as its live sources do (similarity/extract/live-servers.ts): a
 * live tool without a description cannot be fixed in the input, so it is compared on its title
 * or name instead, and told. Tools given in files still need their descriptions.
 */
export function describeLiveTools(source: ToolSource, warn: (line: string) => void): ToolSource['serverList'] {
  const live = new Set(source.live);
  return source.serverList.map((server) =>
    !live.has(server.name)
      ? server
      : {
          ...server,
          tools: server.tools.map((tool) => {
            if (text(tool.description)) return tool;
            const annotations = tool.annotations as { title?: unknown } | undefined;
            const title = text(tool.title) || text(annotations?.title);
            warn(`${server.name}/${String(tool.name)} has no description; it is analysed on its ${title ? 'title' : 'name'}`);
            return { ...tool, description: title || humanizeName(String(tool.name)) };
          }),
        },
  );
}
