import { json, parseBody, route } from '@/lib/http';
import { SIMILARITY_BODY_LIMIT, SimilarityRequestSchema } from '@/lib/similarity/schemas';
import { analyzeSimilarity } from '@/lib/similarity/service';

export const POST = route(async (req) => {
  const body = await parseBody(req, SimilarityRequestSchema, SIMILARITY_BODY_LIMIT);
  return json(await analyzeSimilarity(body, { headers: req.headers, signal: req.signal }));
});
