import { describe, expect, it } from 'vitest';
import { createProgress } from './progress';

/** A stand-in for a terminal: what was written, and the screen line a carriage return redraws. */
function fakeTty() {
  const writes: string[] = [];
  return {
    writes,
    stream: { write: (text: string) => writes.push(text) },
    /** The visible last line: text after the last \r of the last line. */
    screen: () => (writes.join('').split('\n').at(-1) ?? '').split('\r').at(-1) ?? '',
  };
}

describe('progress on a TTY', () => {
  it('redraws one bar in place: filled in proportion, counts, the run line cut to 60 characters', () => {
    const tty = fakeTty();
    const progress = createProgress(tty.stream, true, false);
    progress.start(4);
    expect(tty.writes).toEqual([]);
    progress.tick('TP first case');
    expect(tty.screen()).toBe(`[${'#'.repeat(8)}${'-'.repeat(22)}] 1/4 ${'TP first case'.padEnd(60)}`);
    progress.tick(`FN ${'x'.repeat(100)}`);
    expect(tty.screen()).toBe(`[${'#'.repeat(15)}${'-'.repeat(15)}] 2/4 FN ${'x'.repeat(57)}`);
    expect(tty.writes.length).toBeGreaterThan(1);
    expect(tty.writes.every((w) => w.startsWith('\r') && !w.includes('\n'))).toBe(true);
    progress.tick('TN third');
    progress.tick('TP fourth');
    expect(tty.screen()).toMatch(/^\[#{30}\] 4\/4 TP fourth/);
    progress.done();
    expect(tty.writes.at(-1)).toBe('\n');
  });

  it('keeps a multi-line error on the bar line and does not overflow past the announced total', () => {
    const tty = fakeTty();
    const progress = createProgress(tty.stream, true, false);
    progress.start(1);
    progress.tick('ERROR case: provider said\nsomething\non three lines');
    expect(tty.writes.join('')).not.toContain('\n');
    expect(tty.screen()).toContain('ERROR case: provider said something on three lines');
    expect(() => progress.tick('a retried run')).not.toThrow();
    expect(tty.screen()).toMatch(/^\[#{30}\] 2\/1 a retried run/);
  });
});

describe('progress elsewhere', () => {
  it('writes one plain line per run in CI logs, and nothing when quiet', () => {
    const log = fakeTty();
    const progress = createProgress(log.stream, false, false);
    progress.start(2);
    progress.tick('TP a');
    progress.tick('FN b');
    progress.done();
    expect(log.writes.join('')).toBe('running 2 run(s)\n[1/2] TP a\n[2/2] FN b\n');
    const quiet = fakeTty();
    const silent = createProgress(quiet.stream, true, true);
    silent.start(2);
    silent.tick('TP a');
    silent.done();
    expect(quiet.writes).toEqual([]);
  });
});
