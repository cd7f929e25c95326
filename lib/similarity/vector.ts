import { createYielder, type Yielder } from '@/lib/event-loop';

/**
 * Float32Array math for pairwise similarity. Scores are produced a block of rows at a time
 * into one flat buffer, so n = thousands needs O(block x n) memory instead of n x n, and
 * the inner loops are plain indexed arithmetic (no call per pair).
 */

/** Raw pairwise scores of `count` items. Only the upper triangle (j > i) is ever written. */
export type PairScores = {
  count: number;
  /** Writes score(i, j) to out[(i - rowStart) * count + j] for rowStart <= i < rowEnd and i < j < count. */
  fillUpper(rowStart: number, rowEnd: number, out: Float32Array): void;
  /** One pair, for the few pairs a sparse result reports. */
  pair(i: number, j: number): number;
};

/** Row-major vectors: item i occupies data[i * dimensions, (i + 1) * dimensions). */
export type PackedVectors = { data: Float32Array; count: number; dimensions: number };

/**
 * The vectors in one row-major array. `map` transforms each vector on the way in (no array of
 * the transformed vectors is kept); `shared` puts the rows in a SharedArrayBuffer, which the
 * similarity kernel's workers read in place.
 */
export function packVectors(vectors: readonly Float32Array[], options: { shared?: boolean; map?: (vector: Float32Array, index: number) => Float32Array } = {}): PackedVectors {
  const { map } = options;
  const dimensions = vectors[0]?.length ?? 0;
  const bytes = vectors.length * dimensions * Float32Array.BYTES_PER_ELEMENT;
  const data = new Float32Array(options.shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  vectors.forEach((given, i) => {
    const v = map ? map(given, i) : given;
    if (v.length !== dimensions) throw new Error(`vector ${i} has ${v.length} dimensions, expected ${dimensions}`);
    data.set(v, i * dimensions);
  });
  return { data, count: vectors.length, dimensions };
}

/** Scales every vector to unit length (zero vectors stay zero), so a dot product is a cosine. */
export function normalizeRows(packed: PackedVectors): PackedVectors {
  const { data, count, dimensions: d } = packed;
  for (let i = 0; i < count; i++) {
    let sum = 0;
    for (let k = i * d; k < (i + 1) * d; k++) sum += data[k]! * data[k]!;
    if (sum === 0 || Math.abs(sum - 1) < 1e-6) continue;
    const inv = 1 / Math.sqrt(sum);
    for (let k = i * d; k < (i + 1) * d; k++) data[k]! *= inv;
  }
  return packed;
}

/** Columns per tile: a tile of 384-dim vectors (about 200 KB) stays in L2 while a block of rows sweeps it. */
const COLUMN_TILE = 128;

function dot(data: Float32Array, a: number, b: number, d: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let k = 0;
  for (; k + 3 < d; k += 4) {
    s0 += data[a + k]! * data[b + k]!;
    s1 += data[a + k + 1]! * data[b + k + 1]!;
    s2 += data[a + k + 2]! * data[b + k + 2]!;
    s3 += data[a + k + 3]! * data[b + k + 3]!;
  }
  for (; k < d; k++) s0 += data[a + k]! * data[b + k]!;
  return s0 + s1 + s2 + s3;
}

/** Four rows against one column: the tail of a tile with an odd number of columns. */
function dot4(data: Float32Array, a0: number, b: number, d: number, out: Float32Array, o: number, n: number): void {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let k = 0; k < d; k++) {
    const x = data[b + k]!;
    s0 += data[a0 + k]! * x;
    s1 += data[a0 + d + k]! * x;
    s2 += data[a0 + 2 * d + k]! * x;
    s3 += data[a0 + 3 * d + k]! * x;
  }
  out[o] = s0;
  out[o + n] = s1;
  out[o + 2 * n] = s2;
  out[o + 3 * n] = s3;
}

/**
 * Cosine similarity of L2-normalised vectors: dot products tiled over columns, with a 4 x 2
 * register block (four rows against two columns: six loads feed eight multiply-adds, about
 * 2.5 times the speed of one row against one column).
 */
export function denseCosine(packed: PackedVectors): PairScores {
  const { data, count: n, dimensions: d } = packed;
  return {
    count: n,
    fillUpper(rowStart, rowEnd, out) {
      for (let j0 = rowStart + 1; j0 < n; j0 += COLUMN_TILE) {
        const j1 = Math.min(n, j0 + COLUMN_TILE);
        let i = rowStart;
        // Columns j <= i of the lower three rows are computed too and ignored: readers only look above the diagonal.
        for (; i + 3 < rowEnd; i += 4) {
          const a0 = i * d;
          const a1 = a0 + d;
          const a2 = a1 + d;
          const a3 = a2 + d;
          const o = (i - rowStart) * n;
          let j = Math.max(j0, i + 1);
          for (; j + 1 < j1; j += 2) {
            const b = j * d;
            const c = b + d;
            let s0 = 0;
            let s1 = 0;
            let s2 = 0;
            let s3 = 0;
            let t0 = 0;
            let t1 = 0;
            let t2 = 0;
            let t3 = 0;
            for (let k = 0; k < d; k++) {
              const x = data[b + k]!;
              const y = data[c + k]!;
              const r0 = data[a0 + k]!;
              const r1 = data[a1 + k]!;
              const r2 = data[a2 + k]!;
              const r3 = data[a3 + k]!;
              s0 += r0 * x;
              s1 += r1 * x;
              s2 += r2 * x;
              s3 += r3 * x;
              t0 += r0 * y;
              t1 += r1 * y;
              t2 += r2 * y;
              t3 += r3 * y;
            }
            out[o + j] = s0;
            out[o + n + j] = s1;
            out[o + 2 * n + j] = s2;
            out[o + 3 * n + j] = s3;
            out[o + j + 1] = t0;
            out[o + n + j + 1] = t1;
            out[o + 2 * n + j + 1] = t2;
            out[o + 3 * n + j + 1] = t3;
          }
          if (j < j1) dot4(data, a0, j * d, d, out, o + j, n);
        }
        for (; i < rowEnd; i++) {
          const a = i * d;
          const o = (i - rowStart) * n;
          for (let j = Math.max(j0, i + 1); j < j1; j++) out[o + j] = dot(data, a, j * d, d);
        }
      }
    },
    pair: (i, j) => dot(data, i * d, j * d, d),
  };
}

/** Rows per block: at most about 1M floats (4 MB) of scores at a time. */
export function blockRowsFor(count: number): number {
  return Math.max(1, Math.min(256, Math.floor(1_048_576 / Math.max(1, count))));
}

/**
 * The upper triangle block by block. `block[(i - rowStart) * count + j]` holds score(i, j)
 * for j > i; the buffer is reused between blocks, so copy what you keep.
 */
export function* upperBlocks(scores: PairScores, blockRows = blockRowsFor(scores.count)): Generator<{ rowStart: number; rowEnd: number; block: Float32Array }> {
  const n = scores.count;
  const block = new Float32Array(blockRows * n);
  for (let rowStart = 0; rowStart < n - 1; rowStart += blockRows) {
    const rowEnd = Math.min(n - 1, rowStart + blockRows);
    scores.fillUpper(rowStart, rowEnd, block);
    yield { rowStart, rowEnd, block };
  }
}

export function forEachUpperBlock(
  scores: PairScores,
  visit: (rowStart: number, rowEnd: number, block: Float32Array) => void,
  blockRows = blockRowsFor(scores.count),
): void {
  for (const { rowStart, rowEnd, block } of upperBlocks(scores, blockRows)) visit(rowStart, rowEnd, block);
}

/** fillUpper groups rows by four from the rowStart it is given (see denseCosine). */
const ROW_GROUP = 4;
/** About this many pairs per slice: ~5 ms of 100-d cosines, ~15 ms of 384-d ones. */
const PAIRS_PER_SLICE = 65_536;

/** Rows per slice: a multiple of four (or a whole block), so slicing never regroups rows. */
export function sliceRowsFor(count: number, blockRows = blockRowsFor(count)): number {
  const rows = Math.floor(PAIRS_PER_SLICE / Math.max(1, count) / ROW_GROUP) * ROW_GROUP;
  return Math.min(blockRows, Math.max(ROW_GROUP, rows));
}

/**
 * upperBlocks cut into slices of a few rows, each filled on its own, so a consumer can yield
 * to the event loop between them. Slices start at multiples of four rows from their block's
 * start, which is how fillUpper groups rows: every pair goes through the same arithmetic
 * and comes out with the same bits as from whole blocks. The slicing depends only on the
 * count, so two walks of the same size stay in lockstep.
 */
export function* upperSlices(scores: PairScores, blockRows = blockRowsFor(scores.count)): Generator<{ rowStart: number; rowEnd: number; block: Float32Array }> {
  const n = scores.count;
  const sliceRows = sliceRowsFor(n, blockRows);
  const block = new Float32Array(sliceRows * n);
  for (let blockStart = 0; blockStart < n - 1; blockStart += blockRows) {
    const blockEnd = Math.min(n - 1, blockStart + blockRows);
    for (let rowStart = blockStart; rowStart < blockEnd; rowStart += sliceRows) {
      const rowEnd = Math.min(blockEnd, rowStart + sliceRows);
      scores.fillUpper(rowStart, rowEnd, block);
      yield { rowStart, rowEnd, block };
    }
  }
}

/** forEachUpperBlock for the request thread: slice by slice, with `pause` between slices. */
export async function forEachUpperBlockCooperatively(
  scores: PairScores,
  visit: (rowStart: number, rowEnd: number, block: Float32Array) => void,
  pause: Yielder = createYielder(),
  blockRows = blockRowsFor(scores.count),
): Promise<void> {
  for (const { rowStart, rowEnd, block } of upperSlices(scores, blockRows)) {
    visit(rowStart, rowEnd, block);
    await pause();
  }
}

/**
 * The full symmetric n x n matrix as one flat Float32Array (row-major), diagonal 1.
 * `map` turns a raw score into the reported one (e.g. a calibration) once per pair.
 */
function matrixFiller(n: number, map?: (raw: number) => number) {
  const matrix = new Float32Array(n * n);
  return {
    visit(rowStart: number, rowEnd: number, block: Float32Array) {
      for (let i = rowStart; i < rowEnd; i++) {
        const offset = (i - rowStart) * n;
        for (let j = i + 1; j < n; j++) {
          const raw = block[offset + j]!;
          const value = map ? map(raw) : raw;
          matrix[i * n + j] = value;
          matrix[j * n + i] = value;
        }
      }
    },
    finish(): Float32Array {
      for (let i = 0; i < n; i++) matrix[i * n + i] = 1;
      return matrix;
    },
  };
}

export function symmetricMatrix(scores: PairScores, map?: (raw: number) => number): Float32Array {
  const filler = matrixFiller(scores.count, map);
  forEachUpperBlock(scores, filler.visit);
  return filler.finish();
}

/** symmetricMatrix, yielding to the event loop as it goes (see forEachUpperBlockCooperatively). */
export async function symmetricMatrixCooperatively(scores: PairScores, map?: (raw: number) => number, pause: Yielder = createYielder()): Promise<Float32Array> {
  const filler = matrixFiller(scores.count, map);
  await forEachUpperBlockCooperatively(scores, filler.visit, pause);
  return filler.finish();
}

/** A PairScores view over a full symmetric matrix, so a matrix already computed is scanned without recomputing. */
export function matrixScores(matrix: Float32Array, count: number): PairScores {
  return {
    count,
    fillUpper(rowStart, rowEnd, out) {
      for (let i = rowStart; i < rowEnd; i++) out.set(matrix.subarray(i * count + i + 1, (i + 1) * count), (i - rowStart) * count + i + 1);
    },
    pair: (i, j) => matrix[i * count + j]!,
  };
}

/** The k best-scoring other items per item: row-major n x k, best first, index -1 where fewer exist. */
export type Neighbours = { k: number; indices: Int32Array; values: Float32Array };

/** Pairs (a < b) with their raw scores, in scan order; typed arrays because there may be millions. */
export type PairList = { a: Int32Array; b: Int32Array; values: Float32Array; length: number };

/**
 * Pairs in fixed-size chunks (`chunk` pairs, 12 bytes each): growing never copies and at most
 * one chunk is part-empty, where a doubling buffer holds up to twice its pairs and, while it
 * grows, three times. The kernel's workers keep their candidates here (19.5M of them at
 * 100,000 tools) and transfer the chunks; the request thread reads them as they are. The
 * request thread's own scan (neighbourScanner) keeps its candidates here too.
 */
export class ChunkedPairs {
  private readonly done: PairList[] = [];
  private current: PairList;

  constructor(private readonly chunk = 1 << 20) {
    this.current = ChunkedPairs.empty(Math.min(chunk, 4096));
  }

  private static empty(capacity: number): PairList {
    return { a: new Int32Array(capacity), b: new Int32Array(capacity), values: new Float32Array(capacity), length: 0 };
  }

  push(a: number, b: number, value: number): void {
    let c = this.current;
    if (c.length === c.a.length) {
      if (c.a.length < this.chunk) {
        // A small first chunk doubles up to the chunk size (most analyses keep few pairs).
        const next = ChunkedPairs.empty(Math.min(this.chunk, c.a.length * 2));
        next.a.set(c.a);
        next.b.set(c.b);
        next.values.set(c.values);
        next.length = c.length;
        c = next;
      } else {
        this.done.push(c);
        c = ChunkedPairs.empty(this.chunk);
      }
      this.current = c;
    }
    c.a[c.length] = a;
    c.b[c.length] = b;
    c.values[c.length] = value;
    c.length++;
  }

  /** The chunks in push order; the last one trimmed to its pairs (a view, so its buffer still holds `chunk`). */
  toLists(): PairList[] {
    const c = this.current;
    const last = { a: c.a.subarray(0, c.length), b: c.b.subarray(0, c.length), values: c.values.subarray(0, c.length), length: c.length };
    return [...this.done, ...(c.length > 0 ? [last] : [])];
  }
}

/** The pair lists as one (a copy; one list is returned as it is). */
export function concatPairs(lists: readonly PairList[]): PairList {
  if (lists.length === 1) return lists[0]!;
  const length = lists.reduce((s, l) => s + l.length, 0);
  const out: PairList = { a: new Int32Array(length), b: new Int32Array(length), values: new Float32Array(length), length };
  let at = 0;
  for (const l of lists) {
    out.a.set(l.a.subarray(0, l.length), at);
    out.b.set(l.b.subarray(0, l.length), at);
    out.values.set(l.values.subarray(0, l.length), at);
    at += l.length;
  }
  return out;
}

/** Columns per tile of the scan's fast path (see visit). */
const SCAN_TILE = 256;

/** Top-k per item and the pairs at or above `cut`, fed one block of the upper triangle at a time (also by the kernel's workers). */
export function neighbourScanner(n: number, k: number, cut: number) {
  const kk = Math.max(1, Math.min(k, n - 1));
  const indices = new Int32Array(n * kk).fill(-1);
  const values = new Float32Array(n * kk).fill(-Infinity);
  // The weakest kept score per row: most pairs are rejected by one comparison.
  const floor = new Float32Array(n).fill(-Infinity);
  const candidates = new ChunkedPairs();
  let tileFloor = new Float32Array(0);

  const offer = (row: number, col: number, value: number) => {
    const base = row * kk;
    let pos = kk - 1;
    while (pos > 0 && values[base + pos - 1]! < value) {
      values[base + pos] = values[base + pos - 1]!;
      indices[base + pos] = indices[base + pos - 1]!;
      pos--;
    }
    values[base + pos] = value;
    indices[base + pos] = col;
    floor[row] = values[base + kk - 1]!;
  };

  return {
    /** Per item, the score a pair must beat to enter its list (-Infinity until it holds k); only ever rises. */
    floor: floor as Readonly<Float32Array>,
    visit(rowStart: number, rowEnd: number, block: Float32Array) {
      // Per tile of columns, the lowest of their floors and the cut, as the block starts: floors
      // only rise, so a score under it (and under the row's floor) can change nothing, and most
      // scores are, which saves two loads and two comparisons each.
      const tiles = Math.ceil(n / SCAN_TILE);
      if (tileFloor.length < tiles) tileFloor = new Float32Array(tiles);
      for (let t = Math.floor((rowStart + 1) / SCAN_TILE); t < tiles; t++) {
        let low = cut;
        for (let j = t * SCAN_TILE, end = Math.min(n, j + SCAN_TILE); j < end; j++) if (floor[j]! < low) low = floor[j]!;
        tileFloor[t] = low;
      }
      for (let i = rowStart; i < rowEnd; i++) {
        const offset = (i - rowStart) * n;
        for (let j0 = i + 1; j0 < n; ) {
          const t = Math.floor(j0 / SCAN_TILE);
          const end = Math.min(n, (t + 1) * SCAN_TILE);
          const low = Math.min(tileFloor[t]!, floor[i]!);
          for (let j = j0; j < end; j++) {
            const v = block[offset + j]!;
            if (v < low) continue;
            if (v > floor[i]!) offer(i, j, v);
            if (v > floor[j]!) offer(j, i, v);
            if (v >= cut) candidates.push(i, j, v);
          }
          j0 = end;
        }
      }
    },
    finish(): { neighbours: Neighbours; candidates: PairList } {
      for (let p = 0; p < values.length; p++) if (indices[p] === -1) values[p] = 0;
      return { neighbours: { k: kk, indices, values }, candidates: concatPairs(candidates.toLists()) };
    },
  };
}

/**
 * Top-k neighbours of every item and every pair at or above `cut`, in one pass over the
 * upper triangle. Each pair updates both of its rows, so the triangle is computed once.
 * Pairs are visited in the same order whatever the block size, so ties resolve alike.
 */
export function scanNeighbours(scores: PairScores, k: number, cut: number): { neighbours: Neighbours; candidates: PairList } {
  const scanner = neighbourScanner(scores.count, k, cut);
  forEachUpperBlock(scores, scanner.visit);
  return scanner.finish();
}

/** scanNeighbours, yielding to the event loop as it goes (see forEachUpperBlockCooperatively). */
export async function scanNeighboursCooperatively(
  scores: PairScores,
  k: number,
  cut: number,
  pause: Yielder = createYielder(),
): Promise<{ neighbours: Neighbours; candidates: PairList }> {
  const scanner = neighbourScanner(scores.count, k, cut);
  await forEachUpperBlockCooperatively(scores, scanner.visit, pause);
  return scanner.finish();
}
