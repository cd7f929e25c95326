'use client';

import type { ServerDto } from '@/components/data/types';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { newChange, type DraftChange, type DraftVariant, type VariantErrors } from './draft';
import { ToolChangeEditor } from './tool-change-editor';

type Props = {
  variant: DraftVariant;
  servers: ServerDto[];
  errors?: VariantErrors;
  onRename: (name: string) => void;
  onChangeTool: (changeKey: string, patch: Partial<DraftChange>) => void;
  onSetChanges: (changes: DraftChange[]) => void;
  onRemove: (() => void) | null;
};

/** A named variant: the tools it changes. The tools it does not list stay as they are. */
export function VariantEditor({ variant, servers, errors, onRename, onChangeTool, onSetChanges, onRemove }: Props) {
  const last = variant.changes[variant.changes.length - 1];
  return (
    <fieldset className="runs-fieldset exp-variant" data-testid="exp-variant">
      <legend>Variant “{variant.name || '(unnamed)'}”</legend>
      <div className="exp-variant-head">
        <Field label="Variant name" hint="1-60 characters; “original” is the baseline." error={errors?.name}>
          {(props) => <input {...props} value={variant.name} maxLength={60} onChange={(e) => onRename(e.target.value)} />}
        </Field>
        {onRemove ? (
          <button type="button" className="btn btn-small btn-danger" onClick={onRemove} aria-label={`Remove variant ${variant.name}`}>
            Remove variant
          </button>
        ) : null}
      </div>
      {variant.changes.map((c, i) => (
        <ToolChangeEditor
          key={c.key}
          change={c}
          index={i}
          servers={servers}
          errors={errors?.byChange[c.key]}
          onChange={(patch) => onChangeTool(c.key, patch)}
          onRemove={variant.changes.length > 1 ? () => onSetChanges(variant.changes.filter((x) => x.key !== c.key)) : null}
        />
      ))}
      <FieldError error={errors?.changes} />
      <button type="button" className="btn btn-small" onClick={() => onSetChanges([...variant.changes, newChange(last?.server ?? '')])}>
        + Change another tool
      </button>
    </fieldset>
  );
}
