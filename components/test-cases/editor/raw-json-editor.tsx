'use client';

import { Field } from '@/components/ui/field';

type Props = { text: string; error?: string | null; onChange: (text: string) => void };

/** The expectedParameters object as JSON; edits flow back into the rows when they parse. */
export function RawJsonEditor({ text, error, onChange }: Props) {
  return (
    <div className="tc-raw-json">
      <Field
        label="Expected arguments as JSON"
        hint='The exact object saved as expectedParameters. Edit either side: the rows and this JSON stay in sync. Matchers: {"$any": true}, {"$oneOf": [...]}, {"$regex": "..."}, {"$contains": "..."}, {"$approx": n, "$tolerance": t}, {"$absent": true}.'
        error={error}
      >
        {(p) => <textarea {...p} className="tc-json-input" rows={Math.min(14, Math.max(4, text.split('\n').length + 1))} spellCheck={false} value={text} onChange={(e) => onChange(e.target.value)} />}
      </Field>
    </div>
  );
}
