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
