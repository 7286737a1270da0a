/** @vitest-environment jsdom */
import type { MomentTicket } from '@atendo/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { MomentCard } from './moment-card';
import { groupMoments } from './moments-page';

const now = new Date(2026, 10, 23, 18, 0);

const ticket = (o: Partial<MomentTicket> = {}): MomentTicket => ({
  id: 1,
  uuid: 'u-1',
  status: 'open',
  channel: 'whatsapp',
  lastMessage: 'Olá',
  unreadMessages: 0,
  isGroup: false,
  isBot: false,
  userId: 7,
  queueId: null,
  whatsappId: null,
  contactId: 1,
  createdAt: new Date(2026, 10, 23, 9, 0).toISOString(),
  updatedAt: new Date(2026, 10, 23, 9, 5).toISOString(),
  canOpen: true,
  contact: { id: 1, name: 'Maria', urlPicture: null },
  user: { id: 7, name: 'Ana', online: true, profileImage: null },
  queue: null,
  whatsapp: null,
  ...o,
});

describe('MomentCard', () => {
  it('cuts long names to 25 and long last messages to 27 characters', () => {
    const longName = 'Maria Aparecida dos Santos Oliveira'; // 35 characters
    const longMessage = 'Bom dia, gostaria de saber o prazo de entrega'; // 45 characters
    renderWithProviders(
      <MomentCard
        title="Ana"
        now={now}
        tickets={[
          ticket({
            contact: { id: 1, name: longName, urlPicture: null },
            lastMessage: longMessage,
          }),
          ticket({
            id: 2,
            contact: { id: 2, name: 'N'.repeat(30), urlPicture: null },
            lastMessage: 'M'.repeat(30),
          }),
        ]}
      />,
    );
    const [first, second] = screen.getAllByTestId('moment-line');
    expect(within(first!).getByText(`${longName.slice(0, 25)}...`)).toBeTruthy();
    expect(within(first!).getByText(`${longMessage.slice(0, 27)}...`)).toBeTruthy();
    expect(within(second!).getByText('N'.repeat(30))).toBeTruthy();
    expect(within(second!).getByText('M'.repeat(30))).toBeTruthy();
  });

  it("shows today's time as HH:mm and an older one as dd/MM/yyyy, and opens only what it may", () => {
    renderWithProviders(
      <MomentCard
        title="Pendentes"
        pending
        now={now}
        tickets={[
          ticket({ canOpen: false }),
          ticket({ id: 2, updatedAt: new Date(2026, 10, 20, 8, 0).toISOString() }),
        ]}
      />,
    );
    const [today, older] = screen.getAllByTestId('moment-line');
    expect(within(today!).getByText('09:05')).toBeTruthy();
    expect(within(today!).queryByRole('link')).toBeNull();
    expect(within(older!).getByText('20/11/2026')).toBeTruthy();
    expect(within(older!).getByRole('link', { name: 'Acessar Ticket' }).getAttribute('href')).toBe(
      '/tickets/u-1',
    );
    expect(screen.getByText('2 atendimentos')).toBeTruthy();
    expect(within(today!).getByText('SEM FILA')).toBeTruthy();
  });

  it('groups tickets per user and keeps the unheld ones for Pendentes', () => {
    const { users, pending } = groupMoments([
      ticket({ id: 1, user: { id: 9, name: 'Zé', online: false, profileImage: null } }),
      ticket({ id: 2 }),
      ticket({ id: 3, user: null, userId: null }),
      ticket({ id: 4 }),
    ]);
    expect(users.map((g) => [g.user.name, g.tickets.map((t) => t.id)])).toEqual([
      ['Ana', [2, 4]],
      ['Zé', [1]],
    ]);
    expect(pending.map((t) => t.id)).toEqual([3]);
  });
});
