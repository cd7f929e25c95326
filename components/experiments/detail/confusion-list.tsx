import { toolLabel } from '@/components/runs/format';
import type { VariantDto } from '../types';

/** The variant's off-diagonal confusion: which tool was expected and which one the model picked, most frequent first. */
export function ConfusionList({ confusion }: { confusion: NonNullable<VariantDto['confusion']> }) {
  if (confusion.length === 0) return <p className="muted exp-small">No tool was confused with another.</p>;
  const rows = [...confusion].sort((a, b) => b.count - a.count);
  return (
    <div className="exp-scroll">
    <table className="exp-confusion">
      <thead>
        <tr>
          <th scope="col">Expected</th>
          <th scope="col">Selected</th>
          <th scope="col">Runs</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c, i) => (
          <tr key={i}>
            <td>{toolLabel(c.expected?.server, c.expected?.tool, 'no tool')}</td>
            <td>{toolLabel(c.selected?.server, c.selected?.tool, 'no tool')}</td>
            <td className="runs-num">{c.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
