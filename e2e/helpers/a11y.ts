import { expect, type Locator, type Page } from '@playwright/test';

/*
 * Checks a keyboard and screen-reader user relies on, shared by e2e/accessibility.spec.ts.
 * Each one fails with the elements at fault named, so a regression says where it is.
 */

/** Everything a keyboard or screen-reader user can operate, plus whatever the page made focusable. */
const CONTROLS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="tab"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** Opens a page and waits until its loading states are gone and its progressive views (charts) drawn, so the checks see the real content. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('.state-loading')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('[data-progressive="pending"]')).toHaveCount(0);
}

/** A short, readable tag for failure messages: `<button class="btn">` and its text. */
async function describe(el: Locator): Promise<string> {
  return el.evaluate((e) => `${e.outerHTML.slice(0, 160)}${e.outerHTML.length > 160 ? '…' : ''}`);
}

/** One h1, banner, main and a named main navigation; every nav named; heading levels never skip going down. */
export async function expectPageStructure(page: Page): Promise<void> {
  await expect(page, 'the document has a title').toHaveTitle(/\S/);
  expect(await page.locator('html').getAttribute('lang'), 'the document language is set').toBeTruthy();
  await expect(page.locator('h1'), 'exactly one h1').toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  for (const nav of await page.getByRole('navigation').all()) {
    await expect.soft(nav, `a nav landmark needs a name: ${await describe(nav)}`).toHaveAccessibleName(/\S/);
  }
  const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((hs) => hs.filter((h) => h.checkVisibility()).map((h) => Number(h.tagName[1])));
  expect(levels[0], 'the first heading is the h1').toBe(1);
  const skips = levels.flatMap((level, i) => (i > 0 && level > (levels[i - 1] ?? 1) + 1 ? [`h${levels[i - 1]} → h${level}`] : []));
  expect(skips, 'heading levels skip going down').toEqual([]);
}

/** Every visible control resolves to a non-empty accessible name (label, aria-label(ledby), text or SVG title). */
export async function expectNamedControls(scope: Page | Locator): Promise<void> {
  const controls = scope.locator(CONTROLS);
  const count = await controls.count();
  expect(count, 'the page has controls to check').toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    if (!(await control.isVisible())) continue;
    await expect.soft(control, `no accessible name: ${await describe(control)}`).toHaveAccessibleName(/\S/, { timeout: 1_000 });
  }
}

type Focused = { id: string; tag: string; ring: boolean; onScreen: boolean; html: string } | null;

/** What has focus now, and whether a focus indicator shows on it (or, for a visually hidden input, on its container). */
async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    el.dataset.a11yStop ??= String(document.querySelectorAll('[data-a11y-stop]').length);
    const shows = (e: Element) => {
      const s = getComputedStyle(e);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    const box = el.getBoundingClientRect();
    const hidden = box.width <= 1 || box.height <= 1;
    let ring = shows(el);
    for (let up = el.parentElement; !ring && hidden && up && up !== document.body; up = up.parentElement) ring = up.matches(':focus-within') && shows(up);
    return { id: el.dataset.a11yStop, tag: el.tagName.toLowerCase(), ring, onScreen: !hidden, html: el.outerHTML.slice(0, 160) };
  });
}

/**
 * Tabs through the page from the top and checks every stop shows where focus is. Stops when
 * focus leaves the document or comes back round; a date input's inner fields count once.
 */
export async function expectFocusRings(page: Page, maxStops = 200): Promise<number> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const seen = new Set<string>();
  let last = '';
  const missing: string[] = [];
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (!f || seen.has(f.id)) break;
    if (f.id === last) continue;
    last = f.id;
    seen.add(f.id);
    if (!f.ring) missing.push(f.html);
  }
  expect(missing, 'tab stops without a visible focus indicator').toEqual([]);
  return seen.size;
}

/** Presses Tab until `target` has focus, as a keyboard user would get there; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((e) => e === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached by Tab within ${max} presses`).toBeFocused({ timeout: 1 });
}

/** Whether focus is inside `scope` right now. */
export function focusIsInside(scope: Locator): Promise<boolean> {
  return scope.evaluate((e) => e.contains(document.activeElement));
}
