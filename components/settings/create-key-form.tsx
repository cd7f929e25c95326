'use client';

import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { useCreateApiKey, type CreatedApiKeyDto } from './api-keys';

export function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKeyDto) => void }) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useCreateApiKey();
  const missing = touched && name.trim() === '' ? 'Give the key a name, e.g. the client that will use it.' : null;

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
      <Field label="Key name" hint="Where the key will be used, e.g. “Claude Desktop on my laptop”." error={missing ?? create.error?.message ?? null}>
        {(props) => <input {...props} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
      </Field>
      <button type="submit" className="btn btn-primary" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create API key'}
      </button>
    </form>
  );
}
