import { json, parseBody, route } from '@/lib/http';
import { SIMILARITY_BODY_LIMIT, SimilarityRequestSchema } from '@/lib/similarity/schemas';
import { analyzeSimilarity } from '@/lib/similarity/service';
import { isNdjson, readNdjsonRequest } from '@/lib/similarity/ndjson-input';

export const POST = route(async (req) => {
  // Large tool sets stream as NDJSON (an options line, then one tool per line; up to 256 MB and 200,000 tools).
  const body = isNdjson(req) ? await readNdjsonRequest(req.body) : await parseBody(req, SimilarityRequestSchema, SIMILARITY_BODY_LIMIT);
  return json(await analyzeSimilarity(body, { headers: req.headers, signal: req.signal }));
});
