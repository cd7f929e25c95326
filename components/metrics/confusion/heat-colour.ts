// The same greens and reds as the badges (globals.css --ok and --bad), as RGB for alpha.
const RIGHT = '18, 122, 58';
const WRONG = '166, 27, 27';

/** A cell's colours: green on the diagonal (right tool, or rightly none), red elsewhere, darker for more runs. */
export function heatColours(count: number, max: number, correct: boolean): { background: string; color: string } {
  if (count === 0 || max === 0) return { background: 'transparent', color: 'inherit' };
  const strength = 0.15 + 0.75 * (count / max);
  // Pale cells are mostly the page behind them: the page's text colour reads in both schemes.
  return { background: `rgba(${correct ? RIGHT : WRONG}, ${strength.toFixed(3)})`, color: strength > 0.5 ? '#fff' : 'var(--fg)' };
}

/** The swatch of the legend: a mid-strength cell. */
export const legendColour = (correct: boolean) => `rgba(${correct ? RIGHT : WRONG}, 0.6)`;
