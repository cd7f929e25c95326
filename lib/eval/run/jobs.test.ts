import { describe, expect, it } from 'vitest';
import type { JobEvent } from '../api/dto';
import { cancelJob, isJobRunning, startJob, stopAllJobs, subscribeJob, waitForJob } from './jobs';

function collect(id: string): JobEvent[] {
  const events: JobEvent[] = [];
  const unsubscribe = subscribeJob(id, (e) => events.push(e));
  expect(unsubscribe).toBeInstanceOf(Function);
  return events;
}

describe('jobs', () => {
  it('runs work in the background, relays its events, ends with done and leaves the registry', async () => {
    startJob('job-ok', async (_signal, emit) => {
      await Promise.resolve();
      emit({ type: 'run', runId: 'r1', testCaseId: 't1', status: 'completed', classification: 'TP', errorMessage: null });
      return 'completed';
    });
    expect(isJobRunning('job-ok')).toBe(true);
    const events = collect('job-ok');
    await waitForJob('job-ok');
    expect(events).toEqual([
      { type: 'run', runId: 'r1', testCaseId: 't1', status: 'completed', classification: 'TP', errorMessage: null },
      { type: 'done', status: 'completed' },
    ]);
    expect(isJobRunning('job-ok')).toBe(false);
    expect(subscribeJob('job-ok', () => undefined)).toBeNull();
  });

  it('work that throws ends with a failed done event', async () => {
    startJob('job-crash', async () => {
      await Promise.resolve();
      throw new Error('kaboom');
    });
    const events = collect('job-crash');
    await waitForJob('job-crash');
    expect(events).toEqual([{ type: 'done', status: 'failed: kaboom' }]);
    expect(isJobRunning('job-crash')).toBe(false);
  });

  it('cancel aborts the job signal; unknown jobs cannot be cancelled', async () => {
    let seen: unknown = null;
    startJob('job-cancel', (signal) => new Promise((resolve) => signal.addEventListener('abort', () => ((seen = signal.reason), resolve('cancelled')), { once: true })));
    expect(cancelJob('job-cancel')).toBe(true);
    await waitForJob('job-cancel');
    expect(seen).toBeInstanceOf(Error);
    expect((seen as Error).message).toBe('cancelled');
    expect(cancelJob('job-cancel')).toBe(false);
    expect(cancelJob('never-started')).toBe(false);
  });

  it('an unsubscribed listener gets no more events', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    startJob('job-unsub', async (_signal, emit) => {
      await gate;
      emit({ type: 'done', status: 'early' });
      return 'completed';
    });
    const events: JobEvent[] = [];
    const unsubscribe = subscribeJob('job-unsub', (e) => events.push(e));
    unsubscribe?.();
    release();
    await waitForJob('job-unsub');
    expect(events).toEqual([]);
  });

  it('waiting for an unknown job resolves at once', async () => {
    await expect(waitForJob('nothing-here')).resolves.toBeUndefined();
  });

  // Last: stopping is for good in this process.
  it('shutdown aborts every running job with its reason and refuses new ones', async () => {
    const reasons: unknown[] = [];
    for (const id of ['stop-a', 'stop-b']) {
      startJob(id, (signal) => new Promise((resolve) => signal.addEventListener('abort', () => (reasons.push(signal.reason), resolve('interrupted')), { once: true })));
    }
    const reason = new Error('shutting down');
    const { ids, settled } = stopAllJobs(reason);
    expect(ids.sort()).toEqual(['stop-a', 'stop-b']);
    await settled;
    expect(reasons).toEqual([reason, reason]);
    startJob('after-stop', async () => 'completed');
    expect(isJobRunning('after-stop')).toBe(false);
  });
});
