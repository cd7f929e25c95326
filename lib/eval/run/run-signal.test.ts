import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { runSignal } from './run-signal';

describe('runSignal', () => {
  it('aborts with the job, for the same reason', () => {
    const job = new AbortController();
    const { signal } = runSignal(job.signal);
    const reason = new Error('cancelled');
    job.abort(reason);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe(reason);
  });

  it('leaves no listener on the job signal once released, whatever the SDKs added to the run signal', () => {
    const job = new AbortController();
    for (let i = 0; i < 50; i++) {
      const scope = runSignal(job.signal);
      // What an SDK does per request: listen, never unlisten.
      scope.signal.addEventListener('abort', () => undefined, { once: true });
      scope.release();
    }
    expect(getEventListeners(job.signal, 'abort')).toHaveLength(0);
  });

  it('takes a listener per sample of a 20-sample run without a leak warning', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const scope = runSignal(new AbortController().signal);
      for (let i = 0; i < 21; i++) scope.signal.addEventListener('abort', () => undefined, { once: true });
      scope.release();
      // Node emits the warning on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it('is aborted at once under a job that already was', () => {
    const job = new AbortController();
    job.abort(new Error('gone'));
    const scope = runSignal(job.signal);
    expect(scope.signal.aborted).toBe(true);
    scope.release();
  });

  it('stays quiet after release even if the job is then aborted', () => {
    const job = new AbortController();
    const scope = runSignal(job.signal);
    scope.release();
    job.abort();
    expect(scope.signal.aborted).toBe(false);
  });
});
