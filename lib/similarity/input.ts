import 'server-only';
import type { Extraction, SourceError } from './extract/draft';
import { finalizeTools } from './extract/finalize';
import { fromServerIds, fromUrlList } from './extract/live-servers';
import { fromServerList, fromToolList } from './extract/request-lists';
import type { SimilarityRequest, SimilaritySource } from './schemas';
import type { SimilarityTool } from './types';

export type LoadedTools = { tools: SimilarityTool[]; errors: SourceError[]; warnings: string[] };

/**
 * Turns whichever input the request gave (exactly one, checked by the schema) into
 * SimilarityTool[] with unique `server/tool` ids. Live sources (urlList, serverIds) report
 * each failing server in `errors` and go on with the others.
 */
export async function loadSimilarityTools(body: SimilarityRequest, signal?: AbortSignal): Promise<LoadedTools> {
  const extraction = await extractTools(body, signal);
  const tools = finalizeTools(extraction.tools, body.duplicateIds, extraction.errors);
  return { tools, errors: extraction.errors, warnings: extraction.warnings };
}

/**
 * The tools of whichever input the request gave, as read, before the analysis's input rules
 * (non-empty descriptions, unique ids, at least two tools): the description lint reports
 * those as findings instead of refusing the request.
 */
export async function extractTools(body: Pick<SimilarityRequest, SimilaritySource>, signal?: AbortSignal): Promise<Extraction> {
  if (body.serverList) return { tools: fromServerList(body.serverList), errors: [], warnings: [] };
  if (body.toolList) return { tools: fromToolList(body.toolList), errors: [], warnings: [] };
  if (body.urlList) return fromUrlList(body.urlList, signal);
  return fromServerIds(body.serverIds ?? [], signal);
}
