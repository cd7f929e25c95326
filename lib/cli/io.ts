import type { Stream } from './output/progress';

/** What a command gets from the process: passed in so tests and the launcher stay the only readers of process state. */
export type CliIo = {
  /** The folder the user ran the command in (relative paths resolve against it). */
  cwd: string;
  /** The process environment: LLM keys are read from it, and an embedded run sets DATA_DIR in it for lib/env. */
  env: Record<string, string | undefined>;
  stdout: Stream;
  stderr: Stream;
  isTty: boolean;
  signal: AbortSignal;
};
