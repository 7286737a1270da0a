/** @vitest-environment jsdom */
import type { DashboardCounters as Counters } from '@atendo/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AttendantsTable, DashboardCounters } from './dashboard-counters';

const counters: Counters = {
  supportHappening: 2,
  supportPending: 1,
  supportFinished: 4,
  supportGroups: 1,
  leads: 5,
  avgSupportTime: 31.25,
  avgWaitTime: 75,
  activeTickets: 1,
  passiveTickets: 7,
  npsScore: 33.33,
  npsPromotersPerc: 66.67,
  npsPassivePerc: 0,
  npsDetractorsPerc: 33.33,
  npsPromotersCount: 2,
  npsPassiveCount: 0,
  npsDetractorsCount: 1,
  tickets: 8,
  waitRating: 1,
  withoutRating: 1,
  withRating: 3,
  percRating: 75,
};

const figure = (section: string, label: string) =>
  within(within(screen.getByRole('region', { name: section })).getByRole('group', { name: label }));

describe('DashboardCounters', () => {
  it('shows every counter in its section, times in minutes and NPS as percentages', () => {
    renderWithProviders(<DashboardCounters counters={counters} />);
    expect(figure('Indicadores', 'Em atendimento').getByText('2')).toBeTruthy();
    expect(figure('Indicadores', 'Aguardando').getByText('1')).toBeTruthy();
    expect(figure('Indicadores', 'Finalizados').getByText('4')).toBeTruthy();
    expect(figure('Indicadores', 'Novos contatos').getByText('5')).toBeTruthy();
    const nps = 'Pesquisa de satisfação (NPS)';
    expect(figure(nps, 'Nota NPS').getByText('33.3')).toBeTruthy();
    expect(figure(nps, 'Promotores').getByText('66.7% (2)')).toBeTruthy();
    expect(figure(nps, 'Detratores').getByText('33.3% (1)')).toBeTruthy();
    expect(figure('Atendimentos', 'T.M. de espera').getByText('1h 15m')).toBeTruthy();
    expect(figure('Atendimentos', 'T.M. de atendimento').getByText('31m')).toBeTruthy();
    expect(figure('Atendimentos', 'Ativos').getByText('1')).toBeTruthy();
    expect(figure('Índice de avaliação', 'Avaliados').getByText('3')).toBeTruthy();
    expect(figure('Índice de avaliação', 'Índice de avaliação').getByText('75%')).toBeTruthy();
  });

  it('lists the attendants with rating, tickets, times and presence', () => {
    renderWithProviders(
      <AttendantsTable
        attendants={[
          {
            id: 1,
            name: 'Ana',
            online: true,
            rating: 9.5,
            countRating: 2,
            tickets: 4,
            avgWaitTime: 12,
            avgSupportTime: 1500,
          },
        ]}
      />,
    );
    const row = within(screen.getByRole('row', { name: /Ana/ }));
    expect(row.getByText('9.5 (2)')).toBeTruthy();
    expect(row.getByText('4')).toBeTruthy();
    expect(row.getByText('12m')).toBeTruthy();
    expect(row.getByText('1d 1h')).toBeTruthy();
    expect(row.getByText('Online')).toBeTruthy();
  });
});
