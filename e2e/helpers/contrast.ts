import type { Page } from '@playwright/test';

/**
 * Elements under `selector` whose text is below 4.5:1 against the first opaque background
 * behind them (WCAG AA for normal text), as "tag.class "text" ratio" lines; [] when all pass.
 */
export async function lowContrast(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r = 0, g = 0, b = 0]: number[]) =>
      [r, g, b]
        .map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        })
        .reduce((sum, v, i) => sum + v * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
    const bgOf = (el: Element | null): number[] => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length >= 3 && (c.length < 4 || c[3] === 1)) return c;
      }
      return [255, 255, 255];
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll(sel)) {
      if (!(el instanceof HTMLElement) || !el.innerText.trim() || el.offsetParent === null) continue;
      const fg = lum(rgb(getComputedStyle(el).color));
      const bg = lum(bgOf(el));
      const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
      if (ratio < 4.5) out.push(`${el.tagName.toLowerCase()}.${el.className} "${el.innerText.slice(0, 30)}" ${ratio.toFixed(2)}`);
    }
    return out;
  }, selector);
}
