/** @vitest-environment jsdom */
import type { ColumnDef } from '@tanstack/react-table';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import {
  DataTable,
  DataTableColumnHeader,
  DataTablePagination,
  DataTableToolbar,
  useDataTable,
  useListTable,
} from './index';

interface Person {
  id: number;
  name: string;
  status: 'open' | 'closed';
}

const PEOPLE: Person[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  name: `Pessoa ${String(i + 1).padStart(2, '0')}`,
  status: i % 3 === 0 ? 'closed' : 'open',
}));

const columns: ColumnDef<Person, unknown>[] = [
  {
    accessorKey: 'name',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Nome" />,
  },
  {
    accessorKey: 'status',
    header: 'Status',
    enableSorting: false,
    filterFn: 'equals',
  },
];

function PeopleTable() {
  const table = useDataTable({ data: PEOPLE, columns, filters: [{ columnId: 'status' }] });
  return (
    <div>
      <DataTableToolbar
        table={table}
        filters={[
          {
            columnId: 'status',
            title: 'Status',
            options: [
              { label: 'Aberto', value: 'open' },
              { label: 'Fechado', value: 'closed' },
            ],
          },
        ]}
      />
      <DataTable table={table} label="Pessoas" />
      <DataTablePagination table={table} />
    </div>
  );
}

const url = () => screen.getByRole('status', { name: 'location' }).textContent;
const names = () =>
  within(screen.getByRole('table', { name: 'Pessoas' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('data table with its state in the URL', () => {
  it('reads page, size, sort and search from the URL', () => {
    renderWithProviders(<PeopleTable />, { route: '/people?page=2&pageSize=20&sort=name.desc' });
    expect(names()[0]).toBe('Pessoa 25');
    expect(names()).toHaveLength(20);
    expect(screen.getByRole('columnheader', { name: /Nome/ })).toHaveProperty(
      'ariaSort',
      'descending',
    );
    expect(screen.getByText('Página 2 de 3')).toBeTruthy();
  });

  it('writes paging to the URL and keeps defaults out of it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PeopleTable />, { route: '/people' });
    expect(url()).toBe('/people');
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(url()).toBe('/people?page=2');
    expect(names()[0]).toBe('Pessoa 21');
    await user.click(screen.getByRole('button', { name: 'Última página' }));
    expect(url()).toBe('/people?page=3');
    expect(names()).toHaveLength(5);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Linhas por página' }), '50');
    expect(url()).toBe('/people?pageSize=50');
    expect(names()).toHaveLength(45);
  });

  it('sorts, searches and filters from the URL, each going back to the first page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PeopleTable />, { route: '/people?page=3' });
    await user.click(screen.getByRole('button', { name: /Nome/ }));
    expect(url()).toBe('/people?sort=name.asc');
    await user.click(screen.getByRole('button', { name: /Nome/ }));
    expect(url()).toBe('/people?sort=name.desc');
    expect(names()[0]).toBe('Pessoa 45');

    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), '4');
    expect(url()).toBe('/people?sort=name.desc&search=4');
    expect(names()).toEqual([
      'Pessoa 45',
      'Pessoa 44',
      'Pessoa 43',
      'Pessoa 42',
      'Pessoa 41',
      'Pessoa 40',
      'Pessoa 34',
      'Pessoa 24',
      'Pessoa 14',
      'Pessoa 04',
    ]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'closed');
    expect(url()).toBe('/people?sort=name.desc&search=4&status=closed');
    expect(names()).toEqual(['Pessoa 43', 'Pessoa 40', 'Pessoa 34', 'Pessoa 04']);

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(url()).toBe('/people?sort=name.desc');
    expect(names()).toHaveLength(20);
  });

  it('steps back to the last page when the URL names one past the end', () => {
    renderWithProviders(<PeopleTable />, { route: '/people?page=9' });
    expect(url()).toBe('/people?page=3');
    expect(names()).toHaveLength(5);
  });
});

interface Sale {
  id: number;
  seller: string;
  amount: number;
}

const saleColumns: ColumnDef<Sale, unknown>[] = [
  {
    accessorKey: 'seller',
    header: 'Vendedor',
    footer: 'Total',
  },
  {
    accessorKey: 'amount',
    header: 'Valor',
    // The total of the rows the search leaves, not only the page's.
    footer: ({ table }) =>
      table.getFilteredRowModel().rows.reduce((sum, row) => sum + row.original.amount, 0),
    meta: { footClassName: 'text-right' },
  },
  { id: 'actions', header: 'Ações', cell: () => '…' },
];

const SALES: Sale[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  seller: `Vendedor ${String(i + 1).padStart(2, '0')}`,
  amount: i + 1,
}));

function SalesTable({ data, pending = false }: { data: Sale[]; pending?: boolean }) {
  const table = useDataTable({ data, columns: saleColumns });
  return (
    <div>
      <DataTableToolbar table={table} />
      <DataTable
        table={table}
        label="Vendas"
        status={{ pending, loadingText: 'Carregando...', emptyText: 'Nenhuma venda' }}
      />
    </div>
  );
}

/** The same columns as an admin list (useListTable), which needs no router. */
function SalesList({ data, pending }: { data: Sale[]; pending: boolean }) {
  const table = useListTable({ data, columns: saleColumns });
  return (
    <DataTable
      table={table}
      label="Vendas"
      status={{ pending, loadingText: 'Carregando...', emptyText: 'Nenhuma venda' }}
    />
  );
}

const footerCells = () =>
  within(screen.getByRole('table', { name: 'Vendas' }))
    .getAllByRole('rowgroup')
    .filter((group) => group.tagName === 'TFOOT')
    .flatMap((group) =>
      within(group)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('data table footer', () => {
  it("follows the rows with the columns' footers, totalling what the search leaves", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SalesTable data={SALES} />, { route: '/sales' });
    // 25 rows on two pages; the total is of all 25 (1 + … + 25), the empty actions footer kept.
    expect(footerCells()).toEqual(['Total', '325', '']);
    expect(
      within(screen.getByRole('table', { name: 'Vendas' })).getAllByRole('cell', {
        name: '325',
      })[0]!.className,
    ).toContain('text-right');

    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'Vendedor 2');
    // Vendedor 20 to 25.
    expect(footerCells()).toEqual(['Total', String(20 + 21 + 22 + 23 + 24 + 25), '']);
  });

  it('leaves the footer out while loading and when there are no rows', () => {
    const { rerender } = renderWithProviders(<SalesList data={[]} pending />);
    expect(footerCells()).toEqual([]);
    rerender(<SalesList data={SALES.slice(0, 2)} pending />);
    expect(footerCells()).toEqual([]);
    rerender(<SalesList data={[]} pending={false} />);
    expect(screen.getByText('Nenhuma venda')).toBeTruthy();
    expect(footerCells()).toEqual([]);
    rerender(<SalesList data={SALES.slice(0, 2)} pending={false} />);
    expect(footerCells()).toEqual(['Total', '3', '']);
  });
});
