import type { Page, Request } from '@playwright/test';

/** Warm visits per page after the one that warms the server's route; the figure is their median. */
export const VISITS = 3;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** One API request of a visit: when it left (ms after navigation started), how long until its response ended, and the server's wait. */
export type RequestTiming = { path: string; startMs: number; totalMs: number; waitMs: number; status: number | null };

export type Visit = { usable: number; complete: number; requests: RequestTiming[] };


/**
 * Usable: the page's heading is shown, no loading indicator (the shared <Loading> state) is
 * left, no view in the first screen is still waiting to be drawn (charts draw progressively:
 * those near the viewport at once, the rest in idle time) and every selector of `shown` matches
 * (e.g. a row of the run table: data, not an empty state). Complete: every
 * progressive view below the fold is drawn too. Checked in the page on every animation frame:
 * Playwright's expect() polls at 100, 250, 500 ms, which would round the figures up. Every
 * /api/ request the page made until complete is recorded with its timing (the network panel).
 */
export async function timePage(page: Page, url: string, shown: string[] = []): Promise<Visit> {
  const pending: Request[] = [];
  const onRequest = (r: Request) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) pending.push(r);
  };
  page.on('request', onRequest);
  const started = Date.now();
  try {
    await page.goto(url, { waitUntil: 'commit' });
    // Each check answers with the page's clock (this machine's) at the frame it first held: under load the answer's
    // trip back through Playwright took 100-700 ms, which is the runner's delay, not the page's.
    const usableAt = await page.waitForFunction(
      (selectors) => {
        const h1 = document.querySelector('h1');
        if (!h1 || h1.getBoundingClientRect().height === 0) return false;
        if (document.querySelector('.state-loading')) return false;
        if (!selectors.every((s) => document.querySelector(s))) return false;
        const below = [...document.querySelectorAll('[data-progressive="pending"]')].every((el) => el.getBoundingClientRect().top >= window.innerHeight);
        return below ? Date.now() : false;
      },
      shown,
      { polling: 'raf', timeout: 120_000 },
    );
    const usable = Number(await usableAt.jsonValue()) - started;
    let complete = usable;
    // Asked with the DOM's own querySelector: a Playwright locator walks every node in script (it pierces shadow
    // roots), which on /metrics at 1M runs (~7,900 nodes) held the page's main thread for 100-400 ms, inside the figure.
    if (await page.evaluate(() => document.querySelector('[data-progressive]') !== null)) {
      const completeAt = await page.waitForFunction(() => (document.querySelector('[data-progressive="pending"]') ? false : Date.now()), undefined, { polling: 'raf', timeout: 120_000 });
      complete = Number(await completeAt.jsonValue()) - started;
    }
    const requests = await Promise.all(pending.map((r) => requestTiming(r, started)));
    return { usable, complete, requests: requests.filter((r): r is RequestTiming => r !== null) };
  } finally {
    page.off('request', onRequest);
  }
}

/** The request's timing once it has finished (null if it had not by the time the page was complete: still running). */
async function requestTiming(r: Request, navigationStarted: number): Promise<RequestTiming | null> {
  const response = await Promise.race([r.response(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 120_000))]);
  if (response) await response.finished().catch(() => null);
  const t = r.timing();
  const u = new URL(r.url());
  if (t.responseEnd < 0) return { path: `${u.pathname}${u.search}`, startMs: Math.round(t.startTime - navigationStarted), totalMs: NaN, waitMs: NaN, status: null };
  return {
    path: `${u.pathname}${u.search}`,
    startMs: Math.round(t.startTime - navigationStarted),
    totalMs: Math.round(t.responseEnd),
    waitMs: Math.round(t.responseStart - t.requestStart),
    status: response?.status() ?? null,
  };
}

/** The requests of the median visit by usable time, in the order they left: a waterfall in text. */
export function waterfall(visits: Visit[]): string[] {
  const usable = median(visits.map((v) => v.usable));
  const visit = visits.find((v) => v.usable === usable) ?? visits[0];
  if (!visit) return [];
  return [...visit.requests]
    .sort((a, b) => a.startMs - b.startMs)
    .map((r) => `    ${String(r.startMs).padStart(5)} ms +${String(r.totalMs).padStart(5)} ms (server wait ${String(r.waitMs).padStart(5)} ms) ${r.status ?? '---'} ${r.path}`);
}
