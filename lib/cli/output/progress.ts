import type { ProgressListener } from '../run/types';

export type Stream = { write(text: string): unknown };

/** A redrawn bar on a TTY; one plain line per finished run otherwise (CI logs). */
export function createProgress(stream: Stream, isTty: boolean, quiet: boolean): ProgressListener {
  let total = 0;
  let done = 0;
  if (quiet) return { start: () => undefined, tick: () => undefined, done: () => undefined };
  const width = 30;
  return {
    start(n) {
      total = n;
      if (!isTty) stream.write(`running ${n} run(s)\n`);
    },
    tick(line) {
      done++;
      if (isTty) {
        const filled = total ? Math.round((done / total) * width) : width;
        stream.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${line.slice(0, 60).padEnd(60)}`);
      } else {
        stream.write(`[${done}/${total}] ${line}\n`);
      }
    },
    done() {
      if (isTty) stream.write('\n');
    },
  };
}
