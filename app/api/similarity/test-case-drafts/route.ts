import { json, parseBody, route } from '@/lib/http';
import { SIMILARITY_BODY_LIMIT } from '@/lib/similarity/schemas';
import { DraftsRequestSchema } from '@/lib/test-cases/drafts/schemas';
import { proposeTestCaseDrafts } from '@/lib/test-cases/drafts/service';

/** Body: serverIds, similarityThreshold?, method?, embeddingModel?, weights?, maxPairs?, llm? (key in its header). */
export const POST = route(async (req) => {
  const body = await parseBody(req, DraftsRequestSchema, SIMILARITY_BODY_LIMIT);
  return json(await proposeTestCaseDrafts(body, { headers: req.headers, signal: req.signal }));
});
