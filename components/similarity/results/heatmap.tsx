'use client';

import { useMemo, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import { heatColor, score, splitId, textOn } from '../format';
import type { OverlapResult } from '../types';
import type { PairOf } from './pair-index';
import { DETAIL_SCORES_ID, HeatmapDetail } from './heatmap-detail';
import { ToolName } from './tool-name';

type Full = Extract<OverlapResult, { matrix: number[][] }>;
export type HeatLayer = 'similarity' | 'overlap' | 'semantic' | 'parameters' | 'description';
type Cell = { r: number; c: number };

const LAYERS: { id: HeatLayer; label: string }[] = [
  // First and default: the score that flags, so a cell's colour and its outline never disagree.
  { id: 'similarity', label: 'Similarity (what flags)' },
  { id: 'overlap', label: 'Overlap (weighted)' },
  { id: 'semantic', label: 'Semantic' },
  { id: 'parameters', label: 'Parameters' },
  { id: 'description', label: 'Description' },
];

function cellSize(n: number): number {
  return n <= 20 ? 34 : n <= 40 ? 22 : n <= 100 ? 12 : 7;
}

function layerValue(result: Full, layer: HeatLayer, r: number, c: number): number | null {
  if (layer === 'overlap') return result.matrix[r]![c]!;
  const m = result.dimensions[layer];
  return m ? (m[r]![c] ?? null) : null;
}

/**
 * The overlap matrix as a grid: one tab stop, arrow keys move between cells, hover or focus
 * shows the pair and its three dimension scores. Handlers sit on the table (hundreds of cells).
 */
export function Heatmap({ result, threshold, pairOf }: { result: Full; threshold: number; pairOf: PairOf }) {
  const ids = useMemo(() => result.tools.map((t) => t.id), [result.tools]);
  const n = ids.length;
  const [active, setActive] = useState<Cell>({ r: 0, c: Math.min(1, n - 1) });
  const [layer, setLayer] = useState<HeatLayer>('similarity');
  const size = cellSize(n);
  const showValues = size >= 34;
  const showColumnNames = size >= 12;
  const hasSemantic = result.dimensions.semantic !== null;

  const cellFrom = (e: SyntheticEvent): Cell | null => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-r]');
    return el ? { r: Number(el.dataset.r), c: Number(el.dataset.c) } : null;
  };
  const focusCell = (cell: Cell, grid: HTMLElement) => {
    // The detail panel must show the new pair before focus lands: it is the cell's description.
    flushSync(() => setActive(cell));
    grid.querySelector<HTMLElement>(`[data-r="${cell.r}"][data-c="${cell.c}"]`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    let next: Cell | null = null;
    if (moves[e.key]) {
      const [dr, dc] = moves[e.key]!;
      next = { r: Math.min(n - 1, Math.max(0, active.r + dr)), c: Math.min(n - 1, Math.max(0, active.c + dc)) };
    } else if (e.key === 'Home') next = { r: active.r, c: 0 };
    else if (e.key === 'End') next = { r: active.r, c: n - 1 };
    if (!next) return;
    e.preventDefault();
    focusCell(next, e.currentTarget);
  };
  const onPoint = (e: SyntheticEvent) => {
    const cell = cellFrom(e);
    if (cell && (cell.r !== active.r || cell.c !== active.c)) setActive(cell);
  };

  return (
    <div className="sim-heatmap-wrap">
      <div className="sim-heatmap-controls">
        <label>
          Colour by{' '}
          <select value={layer} onChange={(e) => setLayer(e.target.value as HeatLayer)}>
            {LAYERS.filter((l) => l.id !== 'semantic' || hasSemantic).map((l) => (
              <option key={l.id} value={l.id}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
        <span className="sim-legend" aria-hidden="true">
          0 <span className="sim-legend-bar" /> 1
        </span>
        <span className="muted sim-small">Outlined cells: the pair is flagged (similarity ≥ {threshold}). Arrow keys move between cells.</span>
      </div>
      <HeatmapDetail result={result} r={active.r} c={active.c} pair={pairOf(ids[active.r] ?? '', ids[active.c] ?? '')} />
      <div className={`sim-heatmap-scroll${n > 40 ? ' is-large' : ''}`}>
        <table
          className="sim-heatmap"
          role="grid"
          aria-label={`Overlap heatmap of ${n} tools, coloured by ${layer}`}
          style={{ ['--sim-cell' as string]: `${size}px` }}
          onKeyDown={onKeyDown}
          onMouseOver={onPoint}
          onFocus={onPoint}
        >
          <thead>
            <tr>
              {/* A header, not an empty cell: in a grid every cell is announced, and this one names the row headers. */}
              <th scope="col" className="sim-heatmap-corner">
                <span className="sr-only">Tool</span>
              </th>
              {ids.map((id, c) => (
                <th key={id} scope="col" className={`sim-heatmap-col${c === active.c ? ' is-active' : ''}`}>
                  <span className={showColumnNames ? 'sim-heatmap-colname' : 'sr-only'}>{splitId(id).name}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ids.map((rowId, r) => (
              <tr key={rowId}>
                <th scope="row" className={`sim-heatmap-row${r === active.r ? ' is-active' : ''}`}>
                  <ToolName id={rowId} />
                </th>
                {ids.map((colId, c) => {
                  const self = r === c;
                  const v = self ? null : layerValue(result, layer, r, c);
                  const isActive = r === active.r && c === active.c;
                  const flagged = r !== c && pairOf(rowId, colId)?.flagged === true;
                  return (
                    <td
                      key={colId}
                      role="gridcell"
                      data-r={r}
                      data-c={c}
                      tabIndex={isActive ? 0 : -1}
                      aria-selected={isActive}
                      aria-describedby={isActive && !self ? DETAIL_SCORES_ID : undefined}
                      aria-label={self ? `${splitId(rowId).name} (itself)` : `${splitId(rowId).name} and ${splitId(colId).name}: ${layer} ${score(v)}${flagged ? ', flagged' : ''}`}
                      className={`sim-heatmap-cell${self ? ' is-self' : ''}${flagged ? ' is-flagged' : ''}${isActive ? ' is-active' : ''}`}
                      style={{ background: v === null ? undefined : heatColor(v), color: v === null ? undefined : textOn(v) }}
                    >
                      {showValues && !self ? (v === null ? '–' : v.toFixed(2).replace(/^0/, '')) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
