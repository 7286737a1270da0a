/** @vitest-environment jsdom */
import type { CompanyView } from '@atendo/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CompaniesTable } from './companies-table';
import { dueTone } from './company-due';

// A fixed clock: Wednesday 10 June 2026, 23:30 local time (late, so a UTC-based day would differ).
const NOW = new Date(2026, 5, 10, 23, 30);

function company(id: number, name: string, dueDate: string | null): CompanyView {
  return {
    id,
    name,
    email: `${name.toLowerCase()}@x.io`,
    status: true,
    dueDate,
    recurrence: 'MENSAL',
    planId: 1,
    plan: {
      id: 1,
      name: 'Completo',
      users: 5,
      connections: 2,
      queues: 3,
      amount: '1234.5',
      isPublic: true,
      useWhatsapp: true,
      useFacebook: false,
      useInstagram: false,
      useCampaigns: false,
      useSchedules: false,
      useInternalChat: false,
      useExternalApi: false,
      useKanban: false,
      useOpenAi: false,
      useIntegrations: false,
      createdAt: null,
      updatedAt: null,
    },
    lastLogin: '2026-06-09T12:00:00.000Z',
    folderSize: '1572864',
    numberFileFolder: 12,
    updatedAtFolder: null,
    createdAt: '2026-01-05T12:00:00.000Z',
    updatedAt: null,
  } as CompanyView;
}

const COMPANIES = [
  company(1, 'Plataforma', '2999-12-31'),
  company(2, 'Vencida', '2026-06-01'),
  company(3, 'Hoje', '2026-06-10'),
  company(4, 'Amanha', '2026-06-11'),
  company(5, 'CincoDias', '2026-06-15'),
  company(6, 'SeisDias', '2026-06-16'),
  company(7, 'SemData', null),
];

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;

beforeEach(() => {
  // Only Date is faked: the table reads "today" from it; timers stay real for user-event.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('companies table tinting (docs/product/companies-plans-billing.md)', () => {
  it('tints red when due today or past, yellow in 1 to 5 days, nothing otherwise', () => {
    renderWithProviders(
      <CompaniesTable
        companies={COMPANIES}
        isLoading={false}
        selectedId={null}
        onSelect={() => {}}
      />,
    );
    const tones = Object.fromEntries(
      COMPANIES.map((c) => [c.name, rowOf(c.name).getAttribute('data-due')]),
    );
    expect(tones).toEqual({
      Plataforma: 'none',
      Vencida: 'overdue',
      Hoje: 'overdue',
      Amanha: 'soon',
      CincoDias: 'soon',
      SeisDias: 'none',
      SemData: 'none',
    });
    expect(rowOf('Vencida').className).toMatch(/bg-red-100/);
    expect(rowOf('Hoje').className).toMatch(/bg-red-100/);
    expect(rowOf('CincoDias').className).toMatch(/bg-yellow-100/);
    expect(rowOf('SeisDias').className).not.toMatch(/bg-(red|yellow)-/);
  });

  it('moves the tint as the clock moves', () => {
    expect(dueTone('2026-06-16', NOW)).toBe('none');
    vi.setSystemTime(new Date(2026, 5, 11, 0, 5));
    expect(dueTone('2026-06-16', new Date())).toBe('soon');
    expect(dueTone('2026-06-10', new Date())).toBe('overdue');
  });

  it('shows the value in R$, the due date with its recurrence, size and count; a click selects', async () => {
    const onSelect = vi.fn();
    renderWithProviders(
      <CompaniesTable companies={COMPANIES} isLoading={false} selectedId={4} onSelect={onSelect} />,
    );
    const cells = within(rowOf('Amanha'))
      .getAllByRole('cell')
      .map((c) => c.textContent?.replace(/\u00a0/g, ' '));
    expect(cells).toEqual(
      expect.arrayContaining(['R$ 1.234,50', '11/06/2026 (Mensal)', '1,5 MB', '12', 'Sim']),
    );
    expect(rowOf('Amanha').getAttribute('aria-selected')).toBe('true');
    await userEvent.setup().click(screen.getByRole('cell', { name: 'Vencida' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  });
});
