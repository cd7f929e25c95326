import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertWinkJson } from './wink-convert';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wink-convert-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(entries: [string, number[]][], dims: number): string {
  const vectors = entries.map(([w, v], rank) => `${JSON.stringify(w)}:[${[...v, 1, rank].join(',')}]`);
  const file = path.join(dir, `f${entries.length}-${dims}.json`);
  fs.writeFileSync(
    file,
    `{"precision":8,"dimensions":${dims},"words":${JSON.stringify(entries.map(([w]) => w))},"vectors":{${vectors.join(',')}},"unkVector":[${new Array(dims).fill(0).join(',')},-1]}`,
  );
  return file;
}

describe('convertWinkJson', () => {
  const entries: [string, number[]][] = [
    ['the', [0.1, -0.2, 3e-5]],
    ['"', [1, 1, 1]],
    ['vectors', [0.5, 0.25, -1.5]],
    ['e-mail', [2, 2, 2]],
    ['Paris', [3, 3, 3]],
    ['mp3', [-0.125, 0, 7]],
  ];

  it('reads the same words whatever the chunk size, skipping entries a tokenizer never produces', async () => {
    const file = write(entries, 3);
    const whole = await convertWinkJson(file, 100);
    expect(whole.words).toEqual(['the', 'vectors', 'mp3']);
    expect(Array.from(whole.ranks)).toEqual([1, 3, 6]);
    expect(Array.from(whole.vectors)).toEqual(Array.from(Float32Array.from([0.1, -0.2, 3e-5, 0.5, 0.25, -1.5, -0.125, 0, 7])));
    for (const chunk of [1, 2, 3, 7, 16]) expect(await convertWinkJson(file, 100, chunk)).toEqual(whole);
  });

  it('stops after the most frequent maxWords', async () => {
    const top = await convertWinkJson(write(entries, 3), 2, 5);
    expect(top.words).toEqual(['the', 'vectors']);
    expect(top.vectors).toHaveLength(6);
  });

  it('rejects a file of another layout', async () => {
    const file = path.join(dir, 'other.json');
    fs.writeFileSync(file, '{"hello": [1, 2, 3]}');
    await expect(convertWinkJson(file, 10)).rejects.toThrow(/does not look like a wink embeddings file/);
  });
});
