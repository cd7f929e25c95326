import type { ModelProgressDto } from '@/lib/eval/api/dto';
import { BatchProgressBar, finishedOf } from './batch-progress-bar';

/** One compact bar per model of the batch, so a slow or failing model stands out while the batch runs. */
export function ModelProgress({ models }: { models: ModelProgressDto[] }) {
  if (models.length < 2) return null;
  return (
    <ul className="runs-plain-list runs-model-progress" aria-label="Progress per model" data-testid="model-progress">
      {models.map((m) => {
        const label = `${m.provider ?? '?'}/${m.model ?? '?'}`;
        return (
          <li key={label}>
            <span className="runs-small">{label}</span>
            <BatchProgressBar counts={m} label={`Progress of model ${label}`} compact />
            <span className="runs-counts">
              {finishedOf(m)} / {m.total}
              {m.failed ? <span className="runs-count-failed"> · {m.failed} failed</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
