'use client';

import type { ServerDto } from '@/components/data/types';
import { ContextEditor } from './context-editor';
import type { TurnDraft } from './sequence-values';
import { useCaseTools } from './use-case-tools';

type Props = { servers: ServerDto[]; turns: TurnDraft[]; errors: Record<string, string>; onChange: (turns: TurnDraft[]) => void };

/** A selection case's conversation before the query: its model gets it too, so it is shown and edited as in sequence mode. */
export function SelectionContext({ servers, turns, errors, onChange }: Props) {
  const lists = useCaseTools(servers);
  return (
    // Not a named region: its name would contain "query", and the form's Query field is found by that label.
    <section className="tc-subsection">
      <h3>Conversation before the query</h3>
      <p className="muted tc-hint">Earlier turns the model sees verbatim before the query, e.g. a search it already made and its result.</p>
      <ContextEditor lists={lists} turns={turns} errors={errors} onChange={onChange} />
    </section>
  );
}
