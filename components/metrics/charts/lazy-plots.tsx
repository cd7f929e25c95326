'use client';

import { use, type ComponentProps } from 'react';

// The drawings are the only modules that import recharts (~440 KB of JavaScript): loading
// them on demand keeps recharts off the metrics page's first load, so the page hydrates and
// asks for its data sooner. The dashboard calls loadPlots() as it mounts, so the download runs
// alongside the data request, and each figure reveals its plot only once they are loaded
// (reveal-queue's prepare step). So a plot renders at once, in its own task: with
// React.lazy every plot would suspend, and React reveals suspended content in batches,
// which drew all four charts in one long task.

type Plots = [typeof import('./tool-plot'), typeof import('./confidence-plot'), typeof import('./model-plot'), typeof import('./trend-plot')];

let loading: Promise<Plots> | undefined;
let loaded: Plots | undefined;

/**
 * Starts (once) loading every plot module. A failed load stays failed until the page reloads
 * (PlotBoundary offers that): handing use() a fresh promise on every render would retry forever.
 */
export function loadPlots(): Promise<Plots> {
  loading ??= Promise.all([import('./tool-plot'), import('./confidence-plot'), import('./model-plot'), import('./trend-plot')]).then((plots) => (loaded = plots));
  return loading;
}

/** The plot modules: at once when loaded, otherwise suspending until they are. */
function usePlots(): Plots {
  return loaded ?? use(loadPlots());
}

export function ToolPlot(props: ComponentProps<Plots[0]['ToolPlot']>) {
  const [m] = usePlots();
  return <m.ToolPlot {...props} />;
}

export function ConfidencePlot(props: ComponentProps<Plots[1]['ConfidencePlot']>) {
  const [, m] = usePlots();
  return <m.ConfidencePlot {...props} />;
}

export function ModelPlot(props: ComponentProps<Plots[2]['ModelPlot']>) {
  const [, , m] = usePlots();
  return <m.ModelPlot {...props} />;
}

export function TrendPlot(props: ComponentProps<Plots[3]['TrendPlot']>) {
  const [, , , m] = usePlots();
  return <m.TrendPlot {...props} />;
}
