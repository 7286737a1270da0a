/** @vitest-environment jsdom */
import type { UserView } from '@atendo/domain';
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
import { ContactListItemsPage } from './contact-list-items-page';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/helps/list'), () => HttpResponse.json([])),
  http.get(apiUrl('/contact-lists/4'), () =>
    HttpResponse.json({ id: 4, name: 'Clientes VIP', contactsCount: 2, validContactsCount: 1 }),
  ),
  http.get(apiUrl('/contact-list-items'), () =>
    HttpResponse.json({
      contacts: [
        {
          id: 1,
          contactListId: 4,
          name: 'Maria',
          number: '5511999990001',
          email: 'maria@x.test',
          isWhatsappValid: true,
        },
        {
          id: 2,
          contactListId: 4,
          name: 'João',
          number: '5521988880002',
          email: null,
          isWhatsappValid: false,
        },
      ],
      count: 2,
      hasMore: false,
    }),
  ),
);

function renderPage(user: UserView = userFixture()) {
  localStorage.setItem('token', 'access-token');
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json(user)),
    http.get(apiUrl(`/companies/listPlan/${user.companyId}`), () =>
      HttpResponse.json({ plan: planFixture() }),
    ),
  );
  renderWithProviders(
    <>
      <Routes>
        <Route element={<PrivateRoute />}>
          <Route path="/contact-lists/:contactListId/contacts" element={<ContactListItemsPage />} />
        </Route>
      </Routes>
      <Toaster />
    </>,
    { route: '/contact-lists/4/contacts', session: true },
  );
}

/** Records each spreadsheet upload of list 4. */
function uploads() {
  const sent: number[] = [];
  server.use(
    http.post(apiUrl('/contact-lists/4/upload'), async ({ request }) => {
      sent.push(((await request.formData()).get('file') as File).size);
      return HttpResponse.json({ created: 3, skipped: 1, valid: 2, failed: [] });
    }),
  );
  return sent;
}

describe('ContactListItemsPage', () => {
  it("shows the list's name and its items with their WhatsApp check", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Clientes VIP' })).toBeTruthy();
    const maria = await screen.findByRole('row', { name: 'Maria' });
    expect(within(maria).getByRole('img', { name: 'Número com WhatsApp' })).toBeTruthy();
    expect(within(maria).getByText('maria@x.test')).toBeTruthy();
    const joao = screen.getByRole('row', { name: 'João' });
    expect(within(joao).getByRole('img', { name: /sem WhatsApp/ })).toBeTruthy();
    expect(within(joao).getByRole('button', { name: 'Excluir João' })).toBeTruthy();
  });

  it('asks before importing: cancel opens no file chooser, confirm does, and a spreadsheet is uploaded', async () => {
    const ui = userEvent.setup();
    const sent = uploads();
    renderPage();
    const input = await screen.findByLabelText('Escolher arquivo', { selector: 'input' });
    let chooserOpened = 0;
    input.addEventListener('click', () => chooserOpened++);

    await ui.click(screen.getByRole('button', { name: 'Importar planilha' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/\.xls ou \.xlsx/)).toBeTruthy();
    await ui.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(chooserOpened).toBe(0);

    await ui.click(screen.getByRole('button', { name: 'Importar planilha' }));
    await ui.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Escolher arquivo' }),
    );
    expect(chooserOpened).toBe(1);

    await ui.upload(
      input,
      new File(['PK'], 'clientes.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    expect(
      await screen.findByText('Planilha importada: 3 adicionados (2 com WhatsApp), 1 ignorados.'),
    ).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeGreaterThan(0);
  });

  it('refuses a file that is not .xls or .xlsx without uploading it', async () => {
    const ui = userEvent.setup({ applyAccept: false });
    const sent = uploads();
    renderPage();
    const input = await screen.findByLabelText('Escolher arquivo', { selector: 'input' });
    expect(input.getAttribute('accept')).toBe('.xls,.xlsx');
    await ui.upload(input, new File(['a;b'], 'clientes.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Só são aceitas planilhas .xls ou .xlsx.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('shows a profile user the access-denied view', async () => {
    renderPage(userFixture({ profile: 'user' }));
    expect(await screen.findByText('Oops! Acesso Negado!')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
