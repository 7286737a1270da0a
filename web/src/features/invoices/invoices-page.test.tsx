/** @vitest-environment jsdom */
import type { InvoiceView, UserView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAuth } from '@/lib/auth/auth-provider';
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
import { InvoicesPage } from './invoices-page';

const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/companies/listPlan/2'), () => HttpResponse.json({ plan: planFixture() })),
);

const invoice = (id: number, extra: Partial<InvoiceView> = {}): InvoiceView => ({
  id,
  detail: `Plano Básico ${id}`,
  users: 5,
  connections: 2,
  dueDate: '2026-12-10',
  value: '99.90',
  status: 'open',
  linkInvoice: null,
  paidAt: null,
  createdAt: null,
  ...extra,
});

function Gate() {
  const { user } = useAuth();
  return user ? <InvoicesPage /> : null;
}

/** Renders /financeiro for `me`; GET /invoices answers from `rows` and records its queries. */
function renderPage(me: UserView, rows: InvoiceView[] = []) {
  const queries: string[] = [];
  localStorage.setItem('token', 'access-token');
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)),
    http.get(apiUrl('/invoices'), ({ request }) => {
      const url = new URL(request.url);
      const search = url.searchParams.get('searchParam') ?? '';
      queries.push(`${search}|${url.searchParams.get('pageNumber')}`);
      const found = rows.filter((r) => (r.detail ?? '').includes(search));
      return HttpResponse.json({ invoices: found, count: found.length, hasMore: false });
    }),
  );
  renderWithProviders(<Gate />, { session: true, route: '/financeiro' });
  return queries;
}

describe('InvoicesPage', () => {
  it('shows the no-permission view to a profile user and asks for no invoice', async () => {
    const queries = renderPage(userFixture({ profile: 'user' }));
    expect(await screen.findByText(/permissão/i)).toBeTruthy();
    expect(queries).toEqual([]);
  });

  it('lists the invoices: PAGO disabled for a paid one, PAGAR opens the checkout; search after typing', async () => {
    const user = userEvent.setup();
    const queries = renderPage(userFixture(), [
      invoice(1, { status: 'paid', detail: 'Janeiro' }),
      invoice(2, { detail: 'Fevereiro', value: '149.9' }),
    ]);
    const table = await screen.findByRole('table', { name: 'Faturas' });
    const paidRow = (await within(table).findByText('Janeiro')).closest('tr')!;
    expect(within(paidRow).getByText('Pago')).toBeTruthy();
    expect(
      (within(paidRow).getByRole('button', { name: 'PAGO' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const openRow = within(table).getByText('Fevereiro').closest('tr')!;
    expect(openRow.textContent?.replace(/\u00a0/g, ' ')).toContain('R$ 149,90');
    expect(openRow.textContent).toContain('10/12/2026');

    await user.click(within(openRow).getByRole('button', { name: 'PAGAR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(within(dialog).getByText('Fevereiro')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar...' }), 'Jan');
    await waitFor(() => expect(queries).toContain('Jan|1'));
    await waitFor(() => expect(within(table).queryByText('Fevereiro')).toBeNull());
    expect(queries).toEqual(['|1', 'Jan|1']);
  });

  it('PAGAR opens the payment link in a new tab; an invoice without one keeps the Pix checkout', async () => {
    const user = userEvent.setup();
    renderPage(userFixture(), [
      invoice(1, { detail: 'Março', linkInvoice: 'https://pagamento.test/fatura/1' }),
      invoice(2, { detail: 'Abril', linkInvoice: 'javascript:alert(1)' }),
      invoice(3, {
        detail: 'Maio',
        linkInvoice: 'https://pagamento.test/fatura/3',
        status: 'paid',
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Faturas' });
    const linked = (await within(table).findByText('Março')).closest('tr')!;
    const pay = within(linked).getByRole('link', { name: 'PAGAR (abre em uma nova aba)' });
    expect(pay.getAttribute('href')).toBe('https://pagamento.test/fatura/1');
    expect(pay.getAttribute('target')).toBe('_blank');
    expect(pay.getAttribute('rel')).toBe('noopener noreferrer');
    expect(pay.textContent).toBe('PAGAR');
    expect(within(linked).queryByRole('button', { name: 'PAGAR' })).toBeNull();
    await user.click(pay);
    expect(screen.queryByRole('dialog')).toBeNull();

    // Not a web address: no link, the checkout as before.
    const other = within(table).getByText('Abril').closest('tr')!;
    expect(within(other).queryByRole('link')).toBeNull();
    await user.click(within(other).getByRole('button', { name: 'PAGAR' }));
    expect(await screen.findByRole('dialog', { name: 'Checkout' })).toBeTruthy();
    await user.keyboard('{Escape}');

    // Paid: PAGO stays disabled, link or not.
    const paid = within(table).getByText('Maio').closest('tr')!;
    expect(within(paid).queryByRole('link')).toBeNull();
    expect((within(paid).getByRole('button', { name: 'PAGO' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
