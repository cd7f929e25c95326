/** Groups of tools linked by flagged pairs (connected components), biggest first. */

export type Cluster = {
  id: number;
  /** Tool ids, in input order. */
  tools: string[];
  size: number;
  /** Flagged pairs inside the cluster, and their highest and lowest similarity. */
  pairCount: number;
  maxSimilarity: number;
  minSimilarity: number;
};

export type ClusterEdge = { a: number; b: number; similarity: number };

function find(parent: Int32Array, x: number): number {
  let root = x;
  while (parent[root]! !== root) root = parent[root]!;
  // Path compression keeps later finds near O(1).
  while (parent[x]! !== root) {
    const next = parent[x]!;
    parent[x] = root;
    x = next;
  }
  return root;
}

/** Edges between checkpoints of the cooperative variant: a few ms of union-find. */
const EDGES_PER_STEP = 65_536;

export function findClusters(count: number, edges: Iterable<ClusterEdge>, ids: readonly string[]): Cluster[] {
  const steps = clusterSteps(count, edges, ids);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** findClusters for the request thread: millions of flagged pairs (100,000 tools) yield to the event loop as they go. */
export async function findClustersCooperatively(count: number, edges: Iterable<ClusterEdge>, ids: readonly string[], pause: () => Promise<void>): Promise<Cluster[]> {
  const steps = clusterSteps(count, edges, ids);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** The work of findClusters, pausing (a yield) every EDGES_PER_STEP edges. */
function* clusterSteps(count: number, edges: Iterable<ClusterEdge>, ids: readonly string[]): Generator<void, Cluster[]> {
  const parent = Int32Array.from({ length: count }, (_, i) => i);
  const rank = new Uint8Array(count);
  let seen = 0;
  for (const { a, b } of edges) {
    if (++seen % EDGES_PER_STEP === 0) yield;
    const ra = find(parent, a);
    const rb = find(parent, b);
    if (ra === rb) continue;
    if (rank[ra]! < rank[rb]!) parent[ra] = rb;
    else if (rank[ra]! > rank[rb]!) parent[rb] = ra;
    else {
      parent[rb] = ra;
      rank[ra]!++;
    }
  }
  const groups = new Map<number, { members: number[]; pairCount: number; max: number; min: number }>();
  for (const { a, similarity } of edges) {
    if (++seen % EDGES_PER_STEP === 0) yield;
    const root = find(parent, a);
    const group = groups.get(root) ?? { members: [], pairCount: 0, max: -Infinity, min: Infinity };
    group.pairCount++;
    group.max = Math.max(group.max, similarity);
    group.min = Math.min(group.min, similarity);
    groups.set(root, group);
  }
  for (let i = 0; i < count; i++) groups.get(find(parent, i))?.members.push(i);
  return [...groups.values()]
    .sort((x, y) => y.members.length - x.members.length || y.max - x.max || x.members[0]! - y.members[0]!)
    .map((g, index) => ({
      id: index + 1,
      tools: g.members.map((m) => ids[m] ?? ''),
      size: g.members.length,
      pairCount: g.pairCount,
      maxSimilarity: g.max,
      minSimilarity: g.min,
    }));
}
