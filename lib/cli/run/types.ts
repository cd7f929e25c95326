import type { ApiKeys } from '../../providers/api-keys';
import type { CaseResult } from '../results/schema';
import type { ResolvedSuite } from '../suite/load';

/** Told as runs finish: a bar on a TTY, a line per run in CI. */
export type ProgressListener = { start(total: number): void; tick(line: string): void; done(): void };

export type Execution = { suite: ResolvedSuite; keys: ApiKeys; progress: ProgressListener; signal: AbortSignal };

/** How a suite is executed: in this process on a data dir, or by a running instance over its API. */
export type Executor = (exec: Execution) => Promise<CaseResult[]>;

export function modelLabel(m: { provider: string; model: string }): string {
  return `${m.provider}/${m.model}`;
}

export function toolLabel(server: string | null, tool: string | null): string | null {
  return server === null || tool === null ? null : `${server}/${tool}`;
}
