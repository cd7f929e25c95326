import { saveBlob } from '@/components/ui/save-blob';

/** Saves JSON as a file through a temporary link; the name is reduced to safe characters. */
export function saveJson(name: string, data: unknown): string {
  const safe = `${name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 100) || 'export'}.json`;
  saveBlob(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }), safe);
  return safe;
}
