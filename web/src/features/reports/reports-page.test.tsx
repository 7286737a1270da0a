/** @vitest-environment jsdom */
import type { ReportTicket, UserView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { PrivateRoute } from '@/features/auth/route-guards';
import { apiUrl, http, HttpResponse, startTestApi, userCreation, userFixture } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { ReportsPage } from './reports-page';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/whatsapp'), () =>
    HttpResponse.json([
      { id: 1, name: 'Loja' },
      { id: 2, name: 'Suporte' },
    ]),
  ),
  http.get(apiUrl('/users/list'), () =>
    HttpResponse.json([
      { id: 7, name: 'Ana Admin' },
      { id: 8, name: 'Beto Agente' },
    ]),
  ),
  http.get(apiUrl('/queue'), () =>
    HttpResponse.json([{ id: 3, name: 'Vendas', color: '#00aa00', orderQueue: 1 }]),
  ),
);

const row = (id: number, over: Partial<ReportTicket> = {}): ReportTicket => ({
  id,
  uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  whatsappName: 'Loja',
  contactName: 'Maria Souza Albuquerque de Oliveira',
  userName: 'Ana Admin',
  queueName: 'Vendas',
  status: 'closed',
  lastMessage: 'Obrigada pelo atendimento, até a próxima!',
  createdAt: '2025-03-10T12:00:00.000Z',
  closedAt: '2025-03-10T13:30:15.000Z',
  supportTime: '01:30:15',
  NPS: 9,
  ...over,
});

function signedIn(user: UserView) {
  localStorage.setItem('token', 'access-token');
  server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json(user)));
}

/** Answers the report with `rows` (a page of them) and `total`, recording every query. */
function reportApi(rows: ReportTicket[], total = rows.length) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/ticketreport/reports'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      return HttpResponse.json({ tickets: rows, totalTickets: { total } });
    }),
  );
  return asked;
}

function renderPage() {
  renderWithProviders(
    <>
      <Routes>
        <Route element={<PrivateRoute />}>
          <Route path="/reports" element={<ReportsPage />} />
          <Route path="/tickets/:ticketId" element={<p>Tela de tickets</p>} />
        </Route>
      </Routes>
      <Toaster />
    </>,
    { route: '/reports', session: true },
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

afterEach(() => vi.restoreAllMocks());

describe('ReportsPage', () => {
  it('shows the 403 page to a plain user without showDashboard', async () => {
    signedIn(userFixture({ profile: 'user', showDashboard: 'disabled' }));
    renderPage();
    expect(await screen.findByText('Oops! Acesso Negado!')).toBeTruthy();
  });

  it('loads the month so far, 10 a page, and cuts contact and last message to 20 characters', async () => {
    signedIn(userFixture({ profile: 'user', showDashboard: 'enabled' }));
    const asked = reportApi([row(11), row(12, { status: 'open', closedAt: null, NPS: null })]);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Relatório de atendimentos' });
    await within(table).findByText('11');
    const today = new Date();
    expect(Object.fromEntries(asked[0]!)).toEqual({
      dateFrom: ymd(new Date(today.getFullYear(), today.getMonth(), 1)),
      dateTo: ymd(today),
      page: '1',
      pageSize: '10',
      onlyRated: 'false',
    });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('Maria Souza Albuquer…')).toBeTruthy();
    expect(within(first).getByText('Obrigada pelo atendi…')).toBeTruthy();
    expect(within(first).getByText('Fechado')).toBeTruthy();
    expect(within(first).getByText('01:30:15')).toBeTruthy();
    expect(within(first).getByText('9')).toBeTruthy();
    expect(within(table).getByText('Aberto')).toBeTruthy();
  });

  it('sends every filter when Filtrar is pressed', async () => {
    const user = userEvent.setup();
    signedIn(userFixture({ profile: 'admin' }));
    const asked = reportApi([row(11)]);
    server.use(
      http.get(apiUrl('/contacts'), ({ request }) => {
        const term = new URL(request.url).searchParams.get('searchParam');
        return HttpResponse.json({
          contacts:
            term === 'jul' ? [{ id: 55, name: 'Julia Prado', number: '5511999990000' }] : [],
          hasMore: false,
          count: 1,
        });
      }),
    );
    renderPage();
    await screen.findByText('11');
    await user.type(screen.getByLabelText('Pesquisar'), 'PROTO-9');
    await user.type(screen.getByRole('combobox', { name: 'Contato' }), 'jul');
    await user.click(await screen.findByRole('option', { name: /Julia Prado/ }));
    expect(screen.getByTestId('picked-contact').textContent).toBe('Julia Prado');
    for (const [filter, option] of [
      ['Conexões', 'Suporte'],
      ['Usuários', 'Beto Agente'],
      ['Filas', 'Vendas'],
      ['Status', 'Pendente'],
      ['Status', 'Fechado'],
    ] as const) {
      // A filter's button is named by its label and what it holds ('Status: Pendente').
      await user.click(screen.getByRole('button', { name: new RegExp(`^${filter}(:|$)`) }));
      await user.click(await screen.findByRole('checkbox', { name: option }));
      await user.keyboard('{Escape}');
    }
    await user.click(screen.getByRole('checkbox', { name: 'Somente avaliados' }));
    const from = screen.getByLabelText('Data inicial');
    await user.clear(from);
    await user.type(from, '2025-03-01');
    const to = screen.getByLabelText('Data final');
    await user.clear(to);
    await user.type(to, '2025-03-31');
    const before = asked.length;
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(asked.length).toBe(before + 1));
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({
      searchParam: 'PROTO-9',
      contactId: '55',
      whatsappId: '[2]',
      users: '[8]',
      queueIds: '[3]',
      status: '["pending","closed"]',
      dateFrom: '2025-03-01',
      dateTo: '2025-03-31',
      page: '1',
      pageSize: '10',
      onlyRated: 'true',
    });
  });

  it('pages and changes the page size, reloading each time', async () => {
    const user = userEvent.setup();
    signedIn(userFixture({ profile: 'admin' }));
    const asked = reportApi([row(11)], 23);
    renderPage();
    expect(await screen.findByText('Página 1 de 3')).toBeTruthy();
    expect(screen.getByText('23 tickets')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Página anterior' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(asked.at(-1)!.get('page')).toBe('2'));
    expect(await screen.findByText('Página 2 de 3')).toBeTruthy();
    const sizes = screen.getByRole('combobox', { name: 'Registros por página' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '15', '30']);
    await user.selectOptions(sizes, '5');
    await waitFor(() => expect(asked.at(-1)!.get('pageSize')).toBe('5'));
    expect(asked.at(-1)!.get('page')).toBe('1');
    expect(await screen.findByText('Página 1 de 5')).toBeTruthy();
  });

  it("shows a ticket's logs and opens the ticket", async () => {
    const user = userEvent.setup();
    signedIn(userFixture({ profile: 'admin' }));
    const ticket = row(11);
    reportApi([ticket]);
    const logsOf: string[] = [];
    server.use(
      http.get(apiUrl('/tickets-log/:ticketId'), ({ params }) => {
        logsOf.push(String(params.ticketId));
        return HttpResponse.json([
          {
            id: 1,
            type: 'create',
            ticketId: 11,
            userId: null,
            queueId: null,
            createdAt: '2025-03-10T12:00:00.000Z',
            user: null,
            queue: null,
          },
        ]);
      }),
    );
    renderPage();
    await screen.findByText('11');
    await user.click(screen.getByRole('button', { name: 'Ver logs do ticket' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(logsOf).toEqual([ticket.uuid]));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Abrir ticket' }));
    expect(await screen.findByText('Tela de tickets')).toBeTruthy();
    expect(screen.getByLabelText('location').textContent).toBe(`/tickets/${ticket.uuid}`);
  });

  it('exports every row of the applied filters to an .xlsx file', async () => {
    const user = userEvent.setup();
    signedIn(userFixture({ profile: 'admin' }));
    const rows = [row(11), row(12, { status: 'open', closedAt: null, NPS: null, queueName: null })];
    const asked = reportApi(rows);
    const files: Blob[] = [];
    let downloaded = '';
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded = this.download;
    });
    renderPage();
    await screen.findByText('11');
    await user.click(screen.getByRole('button', { name: 'Exportar Excel' }));
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 15_000 });
    expect(asked.at(-1)!.get('pageSize')).toBe('9999999');
    expect(downloaded).toBe('relatorio-de-atendimentos.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await files[0]!.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'ID',
      'Conexão',
      'Contato',
      'Usuário',
      'Fila',
      'Status',
      'Última mensagem',
      'Abertura',
      'Fechamento',
      'Tempo de atendimento',
      'NPS',
    ]);
    expect(sheet.rowCount).toBe(3);
    // Full texts in the file; the cut is for the screen.
    expect(values(2)).toEqual([
      11,
      'Loja',
      'Maria Souza Albuquerque de Oliveira',
      'Ana Admin',
      'Vendas',
      'Fechado',
      'Obrigada pelo atendimento, até a próxima!',
      expect.stringMatching(/^10\/03\/2025 \d\d:00$/),
      expect.stringMatching(/^10\/03\/2025 \d\d:30$/),
      '01:30:15',
      9,
    ]);
    expect(values(3)).toEqual([
      12,
      'Loja',
      'Maria Souza Albuquerque de Oliveira',
      'Ana Admin',
      '',
      'Aberto',
      'Obrigada pelo atendimento, até a próxima!',
      expect.stringMatching(/^10\/03\/2025/),
      '',
      '01:30:15',
      '',
    ]);
  }, 30_000);
});
