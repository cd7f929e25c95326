/**
 * Synthetic tool sets of any size for the similarity scale benchmark, recombined from the
 * shared 2,797-tool file with a fixed seed: each tool takes a real tool's name verb and
 * parameters, the object of another, and a description spliced from the sentences of two or
 * three real tools, on servers of 20 tools. Every text is new (the embedding cache is cold the
 * first time), the vocabulary and lengths are those of real descriptions, and a share of the
 * tools stay close to their source, so there are near-duplicates to flag, as in real sets.
 */
import { seededRandom } from '@/lib/seeded-random';

export type SourceServer = { name: string; tools: { name: string; description?: string; parameter?: Record<string, string> }[] };
export type SyntheticTool = { server: string; name: string; description: string; parameters: Record<string, string> };

const TOOLS_PER_SERVER = 20;

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function nameParts(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 0);
}

export function syntheticTools(servers: readonly SourceServer[], count: number, seed = 20_000): SyntheticTool[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const source = servers.flatMap((s) => s.tools.filter((t) => (t.description ?? '').trim().length > 0));
  const out: SyntheticTool[] = [];
  for (let i = 0; i < count; i++) {
    const base = pick(source);
    const donor = pick(source);
    const baseWords = nameParts(base.name);
    const donorWords = nameParts(donor.name);
    const verb = baseWords[0] ?? 'get';
    const object = donorWords.slice(1).join('_') || donorWords[0] || 'item';
    const close = random() < 0.05;
    const text = close
      ? [...sentences(base.description ?? ''), pick(sentences(donor.description ?? '') ?? [''])]
      : [pick(sentences(base.description ?? '')), pick(sentences(donor.description ?? '')), pick(sentences(pick(source).description ?? ''))];
    out.push({
      server: `synthetic-${String(Math.floor(i / TOOLS_PER_SERVER)).padStart(5, '0')}`,
      name: `${verb}_${object}${close ? '' : `_${i % 97}`}`.slice(0, 120),
      description: text.filter((s) => s && s.length > 0).join(' '),
      parameters: { ...(base.parameter ?? {}) },
    });
  }
  return out;
}

/** As a serverList (servers of 20 tools), the shape the similarity request takes. */
export function asServerList(tools: readonly SyntheticTool[]): { name: string; tools: { name: string; description: string; parameter: Record<string, string> }[] }[] {
  const byServer = new Map<string, { name: string; description: string; parameter: Record<string, string> }[]>();
  for (const t of tools) {
    const list = byServer.get(t.server) ?? [];
    list.push({ name: t.name, description: t.description, parameter: t.parameters });
    byServer.set(t.server, list);
  }
  return [...byServer].map(([name, list]) => ({ name, tools: list }));
}
