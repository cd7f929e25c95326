import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as healthRoute from '@/app/api/health/route';
import { call } from './helpers/api';

/**
 * Two figures per measure. `raw` is wall time. `onCpu` is the part of it this process spent on
 * a CPU (the main thread's CPU time over the same interval, see cpuMs; it errs high): the test
 * machine has 2 cores shared by several test runs, and a process that is merely waiting for
 * a core is not blocked by its own code. A blocked event loop is on the CPU the whole time
 * (the batch that froze the app for 3.4 s used 3.4 s of CPU), so `onCpu` still shows it.
 */
export type Measure = { raw: number; onCpu: number };

export type LoopReport = {
  /** Longest gap between ticks of a 5 ms timer, minus the 5 ms. */
  delayMs: Measure;
  /** perf_hooks' histogram maximum (10 ms resolution), wall time. */
  histogramMaxMs: number;
  /** Longest time a health request took from when it was due to its answer (waiting included). */
  healthMs: Measure;
  healthCalls: number;
  healthFailures: number;
  elapsedMs: number;
};

const TICK_MS = 5;

/** Clock ticks per second of /proc/<pid>/task/<tid>/stat (USER_HZ, 100 on Linux). */
const USER_HZ = 100;
const MAIN_THREAD_STAT = `/proc/self/task/${process.pid}/stat`;

/**
 * CPU time of the main thread, where the event loop runs: the similarity kernel's worker
 * threads burn both cores while the loop idles, and process.cpuUsage would count them as the
 * loop's. Linux gives it per thread in 10 ms ticks; elsewhere the whole process's (errs high).
 */
function cpuMs(): number {
  try {
    const stat = fs.readFileSync(MAIN_THREAD_STAT, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on: utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

/**
 * Watches the event loop while some work runs in this process: a 5 ms timer, perf_hooks'
 * delay histogram, and a health request (the real route handler, in-process) due every
 * `everyMs`, timed from when it was due so time spent waiting for a blocked loop counts.
 */
export function watchEventLoop(everyMs = 25): { stop(): Promise<LoopReport> } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const started = performance.now();
  const delay: Measure = { raw: 0, onCpu: 0 };
  const health: Measure = { raw: 0, onCpu: 0 };
  let healthCalls = 0;
  let healthFailures = 0;
  let stopped = false;
  let pending: Promise<void> = Promise.resolve();

  let lastTick = performance.now();
  let lastCpu = cpuMs();
  const tick = () => {
    const now = performance.now();
    const cpu = cpuMs();
    const late = Math.max(0, now - lastTick - TICK_MS);
    delay.raw = Math.max(delay.raw, late);
    delay.onCpu = Math.max(delay.onCpu, Math.min(late, cpu - lastCpu));
    lastTick = now;
    lastCpu = cpu;
  };
  const ticker = setInterval(tick, TICK_MS);

  // A request that is due but has not started yet when the watch stops waited all along.
  let waitingSince: { due: number; cpuStart: number } | null = null;
  const record = (took: number, cpuStart: number) => {
    health.raw = Math.max(health.raw, took);
    health.onCpu = Math.max(health.onCpu, Math.min(took, cpuMs() - cpuStart));
  };

  const schedule = () => {
    const due = performance.now() + everyMs;
    // Read before the due time, so the CPU figure errs high (it includes up to everyMs of work).
    const cpuStart = cpuMs();
    waitingSince = { due, cpuStart };
    setTimeout(() => {
      if (stopped) return;
      waitingSince = null;
      pending = call(healthRoute.GET, 'GET', '/api/health').then((res) => {
        healthCalls++;
        if (res.status !== 200) healthFailures++;
        record(performance.now() - due, cpuStart);
        schedule();
      });
    }, everyMs);
  };
  schedule();

  return {
    async stop() {
      tick();
      if (waitingSince && performance.now() > waitingSince.due) record(performance.now() - waitingSince.due, waitingSince.cpuStart);
      stopped = true;
      await pending;
      clearInterval(ticker);
      histogram.disable();
      return { delayMs: delay, histogramMaxMs: histogram.max / 1e6, healthMs: health, healthCalls, healthFailures, elapsedMs: performance.now() - started };
    },
  };
}
