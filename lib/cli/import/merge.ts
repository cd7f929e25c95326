import { isDeepStrictEqual } from 'node:util';
import type { ImportedSuite } from './types';

/** A suite file as read back from disk: only the parts a merge touches are typed. */
export type ExistingSuite = Record<string, unknown> & { servers: Record<string, unknown>; testCases: unknown[] };

export type MergedSuite = { suite: ExistingSuite; report: ImportedSuite['report'] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** JSON's view of a value (undefined members dropped), as the file holds it after a write and a read. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;
const same = (a: unknown, b: unknown): boolean => isDeepStrictEqual(plain(a), plain(b));
const caseKey = (c: unknown): string | null => {
  if (!isRecord(c)) return null;
  const key = typeof c.id === 'string' ? c.id : typeof c.name === 'string' ? c.name : null;
  return key === null ? null : key.toLowerCase();
};

/** The parsed text of an existing `--out` file, if it has a suite's servers and testCases; else why not. */
export function asExistingSuite(parsed: unknown): ExistingSuite | string {
  if (!isRecord(parsed)) return 'it is not a suite (a mapping with servers and testCases)';
  if (!isRecord(parsed.servers)) return 'its servers is not a mapping of server names';
  if (!Array.isArray(parsed.testCases)) return 'its testCases is not a list';
  return parsed as ExistingSuite;
}

/**
 * Importing into a suite file that already exists: the file keeps its own settings (name, models,
 * gates...), servers and cases; the import adds what is new. A case whose id (else name) the file
 * already holds with the same content is "already imported" (the same files imported again); with
 * other content, or on a server the file defines differently, it is skipped and the file left as
 * it was. When the file's default argumentMatching differs from the import's, new cases carry
 * the import's explicitly.
 */
export function mergeIntoSuite(imported: ImportedSuite, existing: ExistingSuite): MergedSuite {
  const servers = { ...existing.servers };
  const testCases = [...existing.testCases];
  const byKey = new Map(existing.testCases.flatMap((c) => {
    const key = caseKey(c);
    return key === null ? [] : [[key, c] as const];
  }));
  const fileMatching = existing.argumentMatching === 'bfcl' ? 'bfcl' : 'strict';
  let next = 0;
  const report = imported.report.map((entry) => {
    if (entry.status !== 'imported') return entry;
    const incoming = imported.testCases[next++];
    if (incoming === undefined || !('name' in incoming)) return entry;
    const key = (incoming.id ?? incoming.name).toLowerCase();
    const withMatching = fileMatching === imported.argumentMatching || incoming.argumentMatching ? incoming : { ...incoming, argumentMatching: imported.argumentMatching };
    const held = byKey.get(key);
    if (held !== undefined) {
      return same(held, withMatching) || same(held, incoming)
        ? { id: entry.id, status: 'already imported' as const, reason: `case ${key} is in the suite already, unchanged` }
        : { id: entry.id, status: 'skipped' as const, reason: `the suite already has a case ${key} that differs: rename or remove it there to import this one` };
    }
    const used = incoming.servers;
    const clash = used.find((name) => Object.hasOwn(servers, name) && !same(servers[name], imported.servers[name]));
    if (clash !== undefined) return { id: entry.id, status: 'skipped' as const, reason: `the suite defines its server ${clash} differently` };
    for (const name of used) if (!Object.hasOwn(servers, name) && imported.servers[name] !== undefined) servers[name] = imported.servers[name];
    testCases.push(withMatching);
    byKey.set(key, withMatching);
    return entry;
  });
  return { suite: { ...existing, servers, testCases }, report };
}
