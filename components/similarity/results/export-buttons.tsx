'use client';

import { useState } from 'react';
import { AnalysisError } from '../analysis-error';
import { REPORT_CHOICES } from '../download';
import { useDownloadReport } from '../mutations';
import type { SimilarityBody } from '../types';

/** Every report format as a file download, computed from the same request as the page. */
export function ExportButtons({ body, headers }: { body: SimilarityBody; headers: Record<string, string> }) {
  const download = useDownloadReport({ body, headers });
  const [saved, setSaved] = useState<string | null>(null);
  const pendingId = download.isPending ? download.variables?.id : undefined;
  return (
    <div className="sim-export">
      <div className="sim-export-row" role="group" aria-label="Download the report">
        <span className="sim-export-label">Download report</span>
        {REPORT_CHOICES.map((choice) => (
          <button
            key={choice.id}
            type="button"
            className="btn btn-small"
            disabled={download.isPending}
            onClick={() => {
              setSaved(null);
              download.mutate(choice, { onSuccess: (name) => setSaved(name) });
            }}
          >
            {pendingId === choice.id ? 'Preparing…' : choice.label}
          </button>
        ))}
        <span role="status" aria-live="polite" className="muted sim-small">
          {saved ? `Saved ${saved}.` : download.isPending ? 'The report reruns the analysis; this can take a few seconds.' : ''}
        </span>
      </div>
      {download.isError ? <AnalysisError error={download.error} title="The report could not be created." /> : null}
    </div>
  );
}
