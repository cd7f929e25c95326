import { EMBEDDING_MODEL_IDS } from '@/lib/embeddings/types';
import type { AnalyzeResult, SimilarityBody } from '../types';

/** Which model scored the pairs and why, up front: a fallback changes what the numbers mean. */
export function ModelBanner({ result, body }: { result: AnalyzeResult; body: SimilarityBody }) {
  const requested = body.embeddingModel ?? EMBEDDING_MODEL_IDS[0];
  const isOverlap = result.method === 'description_overlap';
  const fellBack = !isOverlap && result.embeddingModel !== requested;
  return (
    <div className={`sim-model${fellBack ? ' is-fallback' : ''}`} role="status" aria-label="Model used">
      <div className="sim-model-main">
        <span className="sim-model-label">{isOverlap ? 'Method' : 'Embedding model'}</span>
        <strong className="sim-model-name" data-testid="sim-model-name">
          {isOverlap ? 'description_overlap (TF-IDF word overlap, no model)' : result.embeddingModel}
        </strong>
        {fellBack ? <span className="badge badge-tone-idle">fallback from {requested}</span> : null}
      </div>
      <p className="sim-model-reason" data-testid="sim-model-reason">
        <span className="sim-model-label">{fellBack ? 'Why the fallback' : 'Why'}</span> {result.embeddingReason}
      </p>
    </div>
  );
}
