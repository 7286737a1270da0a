/** @vitest-environment jsdom */
import type { ColumnDef } from '@tanstack/react-table';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DataTable, useListTable } from './index';

interface Lane {
  id: number;
  name: string;
}

const columns: ColumnDef<Lane, unknown>[] = [
  {
    id: 'name',
    header: 'Nome',
    cell: ({ row }) => row.original.name,
    meta: { headClassName: 'w-40', cellClassName: (lane) => (lane.id === 1 ? 'font-medium' : '') },
  },
  {
    id: 'id',
    header: 'ID',
    cell: ({ row }) => row.original.id,
    meta: { cellTitle: (lane) => `#${lane.id}` },
  },
];

/** An infinite list's table: its rows are rebuilt from the pages on every render. */
function Lanes({ pages, pending }: { pages: Lane[][]; pending: boolean }) {
  const rows = pages.flatMap((page) => page);
  const table = useListTable({ data: rows, columns, getRowId: (lane) => String(lane.id) });
  return (
    <DataTable
      table={table}
      label="Faixas"
      rowProps={(lane) => ({ 'aria-label': lane.name, 'data-lane-id': lane.id })}
      status={{ pending, loadingText: 'Carregando...', emptyText: 'Nenhuma faixa' }}
    />
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Faixas' }))
    .getAllByRole('row')
    .slice(1);

describe('an admin list on the data table', () => {
  it('shows every loaded row in order, then its loading row while the next page loads', () => {
    renderWithProviders(
      <Lanes
        pages={[[{ id: 1, name: 'Novos' }], [{ id: 2, name: 'Em atendimento' }]]}
        pending={true}
      />,
    );

    const rows = bodyRows();
    expect(rows.map((row) => row.textContent)).toEqual([
      'Novos1',
      'Em atendimento2',
      'Carregando...',
    ]);
    const first = screen.getByRole('row', { name: 'Novos' });
    expect(first.getAttribute('data-lane-id')).toBe('1');
    expect(within(first).getAllByRole('cell')[0]!.className).toContain('font-medium');
    expect(within(first).getAllByRole('cell')[1]!.getAttribute('title')).toBe('#1');
    expect(screen.getByRole('columnheader', { name: 'Nome' }).className).toContain('w-40');
    expect(screen.getByRole('cell', { name: 'Carregando...' }).getAttribute('colspan')).toBe('2');
  });

  it('shows the empty text when nothing loaded, and no status row once loaded', () => {
    const { rerender } = renderWithProviders(<Lanes pages={[]} pending={false} />);
    expect(bodyRows().map((row) => row.textContent)).toEqual(['Nenhuma faixa']);
    rerender(<Lanes pages={[[{ id: 3, name: 'Fechados' }]]} pending={false} />);
    expect(bodyRows().map((row) => row.textContent)).toEqual(['Fechados3']);
  });
});
