import type { SimilarityTool } from '../types';

/**
 * A tool as read from the input, before ids are assigned and the input rules are checked.
 * `source` says whether the caller wrote the description (a list in the body) or a live
 * server did: only the former can be fixed by the caller, so only it makes a 400.
 */
export type DraftTool = Omit<SimilarityTool, 'id'> & { source: 'request' | 'live' };

/** A server or URL that could not be listed; the others are still analysed. */
export type SourceError = { source: string; message: string };

export type Extraction = { tools: DraftTool[]; errors: SourceError[]; warnings: string[] };
