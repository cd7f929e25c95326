import { score } from '../format';
import type { OverlapResult, SimilarityPair } from '../types';
import { ToolName } from './tool-name';

type Full = Extract<OverlapResult, { matrix: number[][] }>;

/** Id of the score list: the focused heatmap cell is described by it (read once, with the cell's name). */
export const DETAIL_SCORES_ID = 'sim-heatmap-scores';

/**
 * The pair under the pointer or focus, with the scores the overlap is made of. Not a live
 * region: keyboard users hear the pair as the focused cell's name and these scores as its
 * description, so announcing the panel as well said everything twice.
 */
export function HeatmapDetail({ result, r, c, pair }: { result: Full; r: number; c: number; pair: SimilarityPair | undefined }) {
  const a = result.tools[r]?.id ?? '';
  const b = result.tools[c]?.id ?? '';
  const { semantic, parameters, description } = result.dimensions;
  const w = result.weights;
  return (
    <div className="sim-heatmap-detail" data-testid="sim-heatmap-detail">
      {r === c ? (
        <p>
          <ToolName id={a} /> <span className="muted">compared with itself (1.00). Move to another cell to see a pair.</span>
        </p>
      ) : (
        <>
          <p className="sim-detail-pair">
            <ToolName id={a} /> <span aria-hidden="true">×</span>
            <span className="sr-only"> and </span> <ToolName id={b} />
            {pair?.flagged ? <span className="badge badge-tone-bad">flagged</span> : null}
          </p>
          <dl id={DETAIL_SCORES_ID} className="sim-detail-scores">
            <div>
              <dt>Overlap</dt>
              <dd>{score(result.matrix[r]?.[c])}</dd>
            </div>
            <div>
              <dt>Semantic ×{w.semantic.toFixed(2)}</dt>
              <dd>{score(semantic ? semantic[r]?.[c] : null)}</dd>
            </div>
            <div>
              <dt>Parameters ×{w.parameters.toFixed(2)}</dt>
              <dd>{score(parameters[r]?.[c] ?? null)}</dd>
            </div>
            <div>
              <dt>Description ×{w.description.toFixed(2)}</dt>
              <dd>{score(description[r]?.[c])}</dd>
            </div>
            {pair ? (
              <div>
                <dt>Similarity</dt>
                <dd>{score(pair.similarity)}</dd>
              </div>
            ) : null}
          </dl>
        </>
      )}
    </div>
  );
}
