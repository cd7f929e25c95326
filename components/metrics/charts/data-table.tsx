import type { ReactNode } from 'react';
import { ColumnHeads } from '@/components/ui/column-heads';
import styles from '../metrics.module.css';

export type Column<Row> = { header: string; cell: (row: Row) => ReactNode; numeric?: boolean };

/** A plain table of a chart's numbers: what the chart shows, readable as text. */
export function DataTable<Row>({ caption, columns, rows, rowKey, testId }: { caption: string; columns: Column<Row>[]; rows: Row[]; rowKey: (row: Row) => string; testId?: string }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.dataTable} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads columns={columns.map((c) => ({ label: c.header, key: c.header, className: c.numeric ? styles.num : undefined }))} />
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.header} scope="row">
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.header} className={c.numeric ? styles.num : undefined}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
