import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVIDER_CATALOG, providerCheckList } from '@/lib/providers/catalog';

const MIGRATIONS = path.join(import.meta.dirname, '..', 'db', 'migrations');

type Journal = { entries: { idx: number; tag: string }[] };
type Snapshot = { tables: Record<string, { checkConstraints: Record<string, { value: string }> }> };

function newestSnapshot(): Snapshot {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.at(-1);
  if (!last) throw new Error('the migration journal is empty');
  const file = path.join(MIGRATIONS, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
}

describe('model_settings.provider CHECK', () => {
  // A provider row added without `npx drizzle-kit generate` would pass every unit test and
  // then fail to insert its model settings in a migrated database.
  it('in the newest migration snapshot lists exactly the providers of the table', () => {
    const check = newestSnapshot().tables.model_settings?.checkConstraints.ck_model_settings_provider;
    expect(check?.value).toBe(`"model_settings"."provider" in (${providerCheckList(PROVIDER_CATALOG)})`);
    expect(PROVIDER_CATALOG.length).toBeGreaterThan(0);
  });
});
