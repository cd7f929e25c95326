/**
 * The scheduler behind progressive rendering: views waiting to be drawn are revealed as soon
 * as they near the viewport, and otherwise one per frame in the order they registered (page
 * order), starting once the browser is first idle after the first paint. No single task draws
 * them all, so the first screen shows sooner and the page stays responsive while the rest draw.
 * A view may need something first (its lazily loaded code): the queue waits for its `prepare`
 * before revealing it and moving on, so views that wait for the same download do not all draw
 * in one task when it arrives.
 */

type Entry = { element: Element; reveal: () => void; prepare?: () => Promise<unknown> };

export const NEAR_VIEWPORT = '300px 0px';
// How long the queue waits for the first idle period: on a page still busy with its data (/metrics at 1M runs), idle
// never came and every chart waited the whole timeout (300 ms was measured as dead time before the first chart).
const IDLE_TIMEOUT_MS = 50;

const queue: Entry[] = [];
let pumping = false;
let observer: IntersectionObserver | undefined;

function remove(entry: Entry): boolean {
  const at = queue.indexOf(entry);
  if (at < 0) return false;
  queue.splice(at, 1);
  observer?.unobserve(entry.element);
  return true;
}

/** Reveals the entry (after its preparation) unless it was revealed or cancelled meanwhile; resolves when done. */
async function settle(entry: Entry): Promise<void> {
  if (!queue.includes(entry)) return;
  if (entry.prepare) await entry.prepare().catch(() => undefined); // the view shows its own error
  if (remove(entry)) entry.reveal();
}

function whenIdle(next: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(next, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(next, 16);
}

function afterPaint(next: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(next, 0));
  else setTimeout(next, 0);
}

function pump(): void {
  if (pumping) return;
  pumping = true;
  const step = () => {
    const next = queue[0];
    if (!next) {
      pumping = false;
      return;
    }
    void settle(next).then(() => afterPaint(step));
  };
  // The first screen paints and settles before anything below it draws.
  afterPaint(() => whenIdle(step));
}

function nearViewport(): IntersectionObserver | undefined {
  if (typeof IntersectionObserver !== 'function') return undefined;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        const entry = queue.find((q) => q.element === e.target);
        if (entry) void settle(entry);
      }
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  return observer;
}

/**
 * Calls `reveal` once, when `element` nears the viewport or its idle turn comes, after
 * `prepare` (if given) has settled; the returned function cancels.
 */
export function scheduleReveal(element: Element, reveal: () => void, prepare?: () => Promise<unknown>): () => void {
  const entry: Entry = { element, reveal, prepare };
  queue.push(entry);
  nearViewport()?.observe(element);
  pump();
  return () => void remove(entry);
}
