'use client';

import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { useCreateApiKey, type CreatedApiKeyDto } from './api-keys';
import { KEY_COPY, type KeyKind } from './key-kind-copy';

export function CreateKeyForm({ kind = 'mcp', onCreated }: { kind?: KeyKind; onCreated: (key: CreatedApiKeyDto) => void }) {
  const copy = KEY_COPY[kind];
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useCreateApiKey(kind);
  const missing = touched && name.trim() === '' ? copy.nameMissing : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (name.trim() === '') return;
    create.mutate(name.trim(), {
      onSuccess: (key) => {
        setName('');
        setTouched(false);
        onCreated(key);
      },
    });
  };

  return (
    <form className="set-create" onSubmit={submit} noValidate>
      <Field label={copy.nameLabel} hint={copy.nameHint} error={missing ?? create.error?.message ?? null}>
        {(props) => <input {...props} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
      </Field>
      <button type="submit" className="btn btn-primary" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : copy.create}
      </button>
    </form>
  );
}
