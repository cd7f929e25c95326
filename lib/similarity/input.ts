import 'server-only';
import type { Extraction, SourceError } from './extract/draft';
import { finalizeTools } from './extract/finalize';
import { fromServerIds, fromUrlList } from './extract/live-servers';
import { fromServerList, fromToolList } from './extract/request-lists';
import type { SimilarityRequest } from './schemas';
import type { SimilarityTool } from './types';

export type LoadedTools = { tools: SimilarityTool[]; errors: SourceError[]; warnings: string[] };

/**
 * Turns whichever input the request gave (exactly one, checked by the schema) into
 * SimilarityTool[] with unique `server/tool` ids. Live sources (urlList, serverIds) report
 * each failing server in `errors` and go on with the others.
 */
export async function loadSimilarityTools(body: SimilarityRequest, signal?: AbortSignal): Promise<LoadedTools> {
  let extraction: Extraction;
  if (body.serverList) extraction = { tools: fromServerList(body.serverList), errors: [], warnings: [] };
  else if (body.toolList) extraction = { tools: fromToolList(body.toolList), errors: [], warnings: [] };
  else if (body.urlList) extraction = await fromUrlList(body.urlList, signal);
  else extraction = await fromServerIds(body.serverIds ?? [], signal);
  const tools = finalizeTools(extraction.tools, body.duplicateIds, extraction.errors);
  return { tools, errors: extraction.errors, warnings: extraction.warnings };
}
