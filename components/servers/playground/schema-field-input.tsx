'use client';

import { Field } from '@/components/ui/field';
import { hintOf } from './field-hint';
import { encodeOption } from './form-values';
import type { FieldPlan } from './schema-plan';

type Props = { field: FieldPlan; value: string; error?: string; onChange: (value: string) => void };

/** One argument of a tool, with the widget its schema calls for. */
export function SchemaFieldInput({ field, value, error, onChange }: Props) {
  const label = field.required ? `${field.name} (required)` : field.name;
  const defaultText = 'default' in field.schema ? `default: ${JSON.stringify(field.schema.default)}` : undefined;
  return (
    <Field label={label} hint={hintOf(field)} error={error}>
      {(p) => {
        const common = { ...p, 'aria-required': field.required || undefined, 'data-argument': field.name };
        switch (field.kind) {
          case 'enum':
            return (
              <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
                <option value="">{defaultText ? `— not set (${defaultText}) —` : '— not set —'}</option>
                {field.options.map((o) => (
                  <option key={encodeOption(o)} value={encodeOption(o)}>
                    {String(o)}
                  </option>
                ))}
              </select>
            );
          case 'boolean':
            return (
              <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
                <option value="">{defaultText ? `— not set (${defaultText}) —` : '— not set —'}</option>
                <option value="true">true</option>
                <option value="false">false</option>
              </select>
            );
          case 'number':
          case 'integer':
            return (
              <input
                {...common}
                type="text"
                inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
                placeholder={defaultText}
                value={value}
                onChange={(e) => onChange(e.target.value)}
              />
            );
          case 'array':
          case 'json':
            return (
              <textarea
                {...common}
                className="srv-code-input"
                rows={field.kind === 'json' ? 4 : 3}
                spellCheck={false}
                placeholder={defaultText}
                value={value}
                onChange={(e) => onChange(e.target.value)}
              />
            );
          case 'string':
            return <input {...common} type="text" spellCheck={false} placeholder={defaultText} value={value} onChange={(e) => onChange(e.target.value)} />;
        }
      }}
    </Field>
  );
}
