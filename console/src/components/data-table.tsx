// A labelled table with a header row that scrolls sideways on narrow screens; screens give the columns and the rows.
import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DataTableProps extends Omit<TableProps, 'children'> {
  /** The table's accessible name. */
  readonly label: string;
  readonly columns: readonly string[];
  /** Below this width the table scrolls instead of squeezing its columns. */
  readonly minWidth: number;
  /** The body rows (`Table.Tr`). */
  readonly children: ReactNode;
  readonly 'data-testid'?: string;
}

export function DataTable({ label, columns, minWidth, children, ...props }: DataTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table fz="sm" aria-label={label} {...props}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => <Table.Th key={column}>{column}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
