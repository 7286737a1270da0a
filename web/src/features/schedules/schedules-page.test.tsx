/** @vitest-environment jsdom */
import type { ScheduleView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { PrivateRoute } from '@/features/auth/route-guards';
import {
  apiUrl,
  http,
  HttpResponse,
  planFixture,
  startTestApi,
  userCreation,
  userFixture,
} from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { SchedulesPage } from './schedules-page';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/whatsapp'), () => HttpResponse.json([])),
  http.get(apiUrl('/users/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/queue'), () => HttpResponse.json([])),
);

const now = new Date();
/** A local time in the current month (the calendar opens on it). */
const thisMonth = (day: number, hour: number, minute: number) =>
  new Date(now.getFullYear(), now.getMonth(), day, hour, minute);

function schedule(overrides: Partial<ScheduleView> = {}): ScheduleView {
  return {
    id: 1,
    body: 'Olá {{firstName}}',
    sendAt: thisMonth(15, 14, 30).toISOString(),
    sentAt: null,
    contactId: 31,
    whatsappId: null,
    userId: 7,
    ticketUserId: null,
    queueId: null,
    openTicket: 'disabled',
    statusTicket: 'closed',
    assinar: false,
    intervalo: 1,
    valorIntervalo: 0,
    enviarQuantasVezes: 1,
    tipoDias: 4,
    mediaPath: null,
    mediaName: null,
    mediaUrl: null,
    status: 'PENDENTE',
    sentCount: 0,
    lastError: null,
    ticketId: null,
    contact: { id: 31, name: 'Maria Souza' },
    user: null,
    ticketUser: null,
    queue: null,
    whatsapp: null,
    createdAt: null,
    updatedAt: null,
    ...overrides,
  };
}

/** GET /schedules answering `list` filtered by searchParam; records every query it got. */
function schedulesApi(list: ScheduleView[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/schedules'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const search = (query.get('searchParam') ?? '').toLowerCase();
      const schedules = list.filter(
        (s) => !search || (s.contact?.name ?? '').toLowerCase().includes(search),
      );
      return HttpResponse.json({ schedules, count: schedules.length, hasMore: false });
    }),
  );
  return queries;
}

/** The calendar event of `name` (the element carrying its tooltip). */
async function findEvent(name: RegExp) {
  const titled = await screen.findAllByTitle(name);
  return titled.find((el) => el.classList.contains('rbc-event-content')) as HTMLElement;
}
const queryEvent = (name: RegExp) =>
  screen.queryAllByTitle(name).find((el) => el.classList.contains('rbc-event-content')) ?? null;

function renderPage(route = '/schedules', plan = planFixture()) {
  localStorage.setItem('token', 'access-token');
  const user = userFixture();
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json(user)),
    http.get(apiUrl(`/companies/listPlan/${user.companyId}`), () => HttpResponse.json({ plan })),
  );
  return renderWithProviders(
    <>
      <Routes>
        <Route element={<PrivateRoute />}>
          <Route path="/" element={<h1>Início</h1>} />
          <Route path="/schedules" element={<SchedulesPage />} />
        </Route>
      </Routes>
      <Toaster />
    </>,
    { route, session: true },
  );
}

/** The day of the month grid an event sits on: its week row and its column (0 = Sunday). */
function dayOf(event: HTMLElement) {
  const segment = event.closest('.rbc-row-segment') as HTMLElement;
  let offset = 0;
  for (let s = segment.previousElementSibling; s; s = s.previousElementSibling)
    offset += parseFloat((s as HTMLElement).style.flexBasis);
  const column = Math.round(offset / (100 / 7));
  const row = event.closest('.rbc-month-row') as HTMLElement;
  const cells = row.querySelectorAll('.rbc-date-cell');
  return cells[column]?.textContent;
}

describe('SchedulesPage', () => {
  it('shows each schedule on its send day in the month, with its time in the agenda', async () => {
    const user = userEvent.setup();
    const queries = schedulesApi([
      schedule(),
      schedule({
        id: 2,
        sendAt: thisMonth(3, 9, 5).toISOString(),
        contact: { id: 32, name: 'João Lima' },
        status: 'ERRO',
      }),
      schedule({
        id: 3,
        sendAt: new Date(
          now.getFullYear(),
          now.getMonth(),
          now.getDate() + 1,
          10,
          15,
        ).toISOString(),
        contact: { id: 33, name: 'Ana Paula' },
      }),
    ]);
    renderPage();
    const maria = await findEvent(/Maria Souza/);
    expect(maria.getAttribute('title')).toBe('14:30 · Maria Souza — Pendente');
    expect(dayOf(maria)).toBe('15');
    expect(maria.textContent).toBe('14:30Maria Souza');
    const joao = await findEvent(/João Lima/);
    expect(joao.getAttribute('title')).toBe('09:05 · João Lima — Erro');
    expect(dayOf(joao)).toBe('03');
    // The month grid's window, whole weeks around the month, is what the api was asked for.
    const first = queries[0]!;
    expect(new Date(first.get('dateFrom')!).getTime()).toBeLessThanOrEqual(
      thisMonth(1, 0, 0).getTime(),
    );
    expect(new Date(first.get('dateTo')!).getTime()).toBeGreaterThan(
      new Date(now.getFullYear(), now.getMonth() + 1, 0, 23, 59).getTime(),
    );
    // Portuguese labels on the toolbar.
    for (const label of ['Mês', 'Semana', 'Dia', 'Agenda', 'Hoje'])
      expect(screen.getByRole('button', { name: label })).toBeTruthy();

    // The agenda lists the coming days' schedules with their send time.
    await user.click(screen.getByRole('button', { name: 'Agenda' }));
    const row = (await screen.findByText('Ana Paula')).closest('tr') as HTMLElement;
    expect(within(row).getByText('10:15')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Agendamento' })).toBeTruthy();
    const agenda = queries.at(-1)!;
    expect(new Date(agenda.get('dateFrom')!).getTime()).toBe(
      new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime(),
    );
  });

  it('searches by contact name through the api', async () => {
    const user = userEvent.setup();
    const queries = schedulesApi([
      schedule(),
      schedule({ id: 2, contact: { id: 32, name: 'João Lima' } }),
    ]);
    renderPage();
    expect(await findEvent(/João Lima/)).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar...' }), 'maria');
    await waitFor(() => expect(queryEvent(/João Lima/)).toBeNull());
    expect(queryEvent(/Maria Souza/)).toBeTruthy();
    expect(queries.at(-1)?.get('searchParam')).toBe('maria');
  });

  it('deletes a schedule from its icon only after confirming', async () => {
    const user = userEvent.setup();
    const list = [schedule()];
    schedulesApi(list);
    let deleted = 0;
    server.use(
      http.delete(apiUrl('/schedules/1'), () => {
        deleted++;
        list.splice(0, 1);
        return HttpResponse.json({ message: 'Schedule deleted' });
      }),
    );
    renderPage();
    const event = await findEvent(/Maria Souza/);
    await user.click(within(event).getByRole('button', { name: 'Excluir agendamento' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Excluir o agendamento de Maria Souza?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(deleted).toBe(0);
    expect(queryEvent(/Maria Souza/)).toBeTruthy();

    await user.click(within(event).getByRole('button', { name: 'Excluir agendamento' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }),
    );
    expect(await screen.findByText('Agendamento excluído.')).toBeTruthy();
    expect(deleted).toBe(1);
    await waitFor(() => expect(queryEvent(/Maria Souza/)).toBeNull());
  });

  it('opens a new schedule for ?contactId= with that contact chosen', async () => {
    schedulesApi([]);
    server.use(
      http.get(apiUrl('/contacts/31'), () =>
        HttpResponse.json({ id: 31, name: 'Maria Souza', number: '5511988887777' }),
      ),
    );
    renderPage('/schedules?contactId=31');
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' });
    expect(within(dialog).getByText('Maria Souza')).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'Mensagem' })).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'Configurações' })).toBeTruthy();
    // Closed, it stays closed and the link's parameter is gone.
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/schedules'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens an existing schedule on double-click', async () => {
    const user = userEvent.setup();
    schedulesApi([schedule({ status: 'ERRO', lastError: 'Número inválido' })]);
    server.use(
      http.get(apiUrl('/schedules/1'), () =>
        HttpResponse.json(schedule({ status: 'ERRO', lastError: 'Número inválido' })),
      ),
    );
    renderPage();
    await user.dblClick(await findEvent(/Maria Souza/));
    const dialog = await screen.findByRole('dialog', { name: 'Erro de Envio' });
    expect(within(dialog).getByText('Motivo: Número inválido')).toBeTruthy();
  });

  it('sends a company without useSchedules home with the plan message', async () => {
    schedulesApi([schedule()]);
    renderPage('/schedules', planFixture({ useSchedules: false }));
    expect(
      await screen.findByText(
        'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Início' }, { timeout: 3000 })).toBeTruthy();
  });
});
