import type { ProgressListener } from '../run/types';

export type Stream = { write(text: string): unknown };

const WIDTH = 30;
const LINE = 60;

/** A redrawn bar on a TTY; one plain line per finished run otherwise (CI logs). */
export function createProgress(stream: Stream, isTty: boolean, quiet: boolean): ProgressListener {
  let total = 0;
  let done = 0;
  if (quiet) return { start: () => undefined, tick: () => undefined, done: () => undefined };
  return {
    start(n) {
      total = n;
      if (!isTty) stream.write(`running ${n} run(s)\n`);
    },
    tick(line) {
      done++;
      if (isTty) {
        // More ticks than announced (a retried run) keep the bar full instead of overflowing it.
        const filled = total ? Math.min(WIDTH, Math.round((done / total) * WIDTH)) : WIDTH;
        // One line only: a multi-line error would leave the redrawn bar behind.
        const text = line.replace(/\s+/g, ' ').slice(0, LINE).padEnd(LINE);
        stream.write(`\r[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${done}/${total} ${text}`);
      } else {
        stream.write(`[${done}/${total}] ${line}\n`);
      }
    },
    done() {
      if (isTty) stream.write('\n');
    },
  };
}
