/** @vitest-environment jsdom */
import type { InvoiceView } from '@atendo/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { useAuth } from '@/lib/auth/auth-provider';
import { SocketProvider } from '@/lib/realtime/realtime-provider';
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
import { CheckoutDialog } from './checkout-dialog';

const me = userFixture();
const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)),
  http.get(apiUrl(`/companies/listPlan/${me.companyId}`), () =>
    HttpResponse.json({ plan: planFixture({ name: 'Ouro' }) }),
  ),
);

const invoice: InvoiceView = {
  id: 41,
  detail: 'Plano Ouro',
  users: 2,
  connections: 1,
  dueDate: '2026-12-10',
  value: '99.90',
  status: 'open',
  linkInvoice: null,
  paidAt: null,
  createdAt: null,
};

/** The dialog once the session's user is read, as the console renders it. */
function Gate({ onClose }: { onClose: () => void }) {
  const { user } = useAuth();
  return user ? <CheckoutDialog invoice={invoice} onClose={onClose} /> : null;
}

/** A stand-in for the company socket: the dialog subscribes, the test delivers pushes. */
function fakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on(event: string, handler: (payload: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return socket;
    },
    off(event: string, handler: (payload: unknown) => void) {
      handlers.get(event)?.delete(handler);
      return socket;
    },
  };
  const deliver = (event: string, payload: unknown) =>
    act(() => handlers.get(event)?.forEach((h) => h(payload)));
  return { socket: socket as unknown as Socket, deliver };
}

async function renderCheckout() {
  localStorage.setItem('token', 'access-token');
  const { socket, deliver } = fakeSocket();
  let closed = 0;
  renderWithProviders(
    <SocketProvider socket={socket}>
      <Gate onClose={() => closed++} />
      <Toaster />
    </SocketProvider>,
    { session: true, route: '/financeiro' },
  );
  await screen.findByRole('dialog', { name: 'Checkout' }, { timeout: 5000 });
  return { deliver, closed: () => closed };
}

/** An element's text with the currency format's no-break spaces as plain ones. */
const textOf = (el: HTMLElement) => (el.textContent ?? '').replace(/\u00a0/g, ' ');
/** Where the router is (the probe sits behind the modal, so it is read by its selector). */
const location = () => document.querySelector('output[aria-label="location"]')?.textContent;
const dialog = () => screen.getByRole('dialog', { name: 'Checkout' });
const button = (name: string) => within(dialog()).getByRole('button', { name });

describe('CheckoutDialog', () => {
  it('goes Dados, Personalizar, Revisar (back allowed), charges the custom plan and waits for the payment', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    server.use(
      http.post(apiUrl('/subscription'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({
          invoiceId: 41,
          txid: '1000000001',
          status: 'ATIVA',
          users: 5,
          connections: 3,
          valor: { original: '71.00' },
          qrcode: { qrcode: '00020126580014BR.GOV.BCB.PIX-codigo-copia-e-cola' },
        });
      }),
    );
    const { deliver } = await renderCheckout();

    // Dados: both fields are checked by the domain's rules before going on.
    const name = await within(dialog()).findByLabelText('Nome completo');
    await user.clear(name);
    await user.type(within(dialog()).getByLabelText('CPF/CNPJ'), '11111111111');
    await user.click(button('Próximo'));
    expect(await within(dialog()).findByText('O nome completo é obrigatório')).toBeTruthy();
    expect(within(dialog()).getByText('CPF/CNPJ inválido')).toBeTruthy();
    await user.type(name, 'Maria da Silva');
    const document = within(dialog()).getByLabelText('CPF/CNPJ') as HTMLInputElement;
    await user.clear(document);
    await user.type(document, '11222333000181');
    expect(document.value).toBe('11.222.333/0001-81');
    await user.click(button('Próximo'));

    // Personalizar: the plan card at the invoice's value, then a custom plan priced live.
    const card = await within(dialog()).findByRole('region', { name: 'Plano atual' });
    await waitFor(() => expect(textOf(card)).toContain('Plano Ouro'));
    expect(textOf(card)).toContain('R$ 99,90/mês');
    await user.click(within(dialog()).getByLabelText('Personalizar usuários e conexões'));
    expect(textOf(card)).toContain('R$ 49,00/mês');
    const users = within(dialog()).getByLabelText('Usuários');
    await user.clear(users);
    await user.type(users, '5');
    expect(textOf(card)).toContain('R$ 71,00/mês');
    await user.click(button('Próximo'));

    // Revisar: the summary; back keeps the choice.
    await within(dialog()).findByText('Pagador');
    expect(textOf(dialog())).toContain('Maria da Silva · 11.222.333/0001-81');
    expect(textOf(dialog())).toContain('R$ 71,00');
    await user.click(button('Voltar'));
    expect((within(dialog()).getByLabelText('Usuários') as HTMLInputElement).value).toBe('5');
    await user.click(button('Próximo'));
    expect(posted).toHaveLength(0);
    await user.click(button('PAGAR'));

    // The server prices it; the dialog sends the quantities, never a price.
    await within(dialog()).findByText('Pague com Pix');
    expect(
      await screen.findByText(
        'Assinatura realizada com sucesso, aguardando a realização do pagamento',
      ),
    ).toBeTruthy();
    expect(posted).toEqual([
      {
        invoiceId: 41,
        firstName: 'Maria da Silva',
        zipcode: '11222333000181',
        users: 5,
        connections: 3,
      },
    ]);
    expect(
      (within(dialog()).getByLabelText('Código Pix copia e cola') as HTMLInputElement).value,
    ).toBe('00020126580014BR.GOV.BCB.PIX-codigo-copia-e-cola');
    expect(
      within(dialog()).getByRole('img', { name: 'Pague com Pix' }).querySelector('svg'),
    ).toBeTruthy();
    expect(textOf(dialog())).toContain('R$ 71,00');

    // Another invoice's payment is not this one; this one's shows the new due date, then home.
    deliver('company-2-payment', {
      action: 'CONCLUIDA',
      company: { id: 2, dueDate: '2027-01-10' },
      invoice: { id: 40, status: 'paid' },
    });
    expect(within(dialog()).queryByRole('status')).toBeNull();
    deliver('company-2-payment', {
      action: 'CONCLUIDA',
      company: { id: 2, dueDate: '2027-01-10' },
      invoice: { id: 41, status: 'paid' },
    });
    expect((await within(dialog()).findByRole('status')).textContent).toContain(
      'Pagamento confirmado! Sua licença vale até 10/01/2027.',
    );
    expect(location()).toBe('/financeiro');
    await waitFor(() => expect(location()).toBe('/'), { timeout: 6000 });
  }, 20_000);

  it('shows the provider refusal and stays on Revisar', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(apiUrl('/subscription'), () =>
        HttpResponse.json({ error: 'ERR_PAYMENT_PROVIDER' }, { status: 502 }),
      ),
    );
    await renderCheckout();
    await user.type(await within(dialog()).findByLabelText('CPF/CNPJ'), '52998224725');
    await user.click(button('Próximo'));
    await within(dialog()).findByRole('region', { name: 'Plano atual' });
    await user.click(button('Próximo'));
    await user.click(button('PAGAR'));
    expect(
      await screen.findByText('O provedor de pagamento não respondeu. Tente novamente.'),
    ).toBeTruthy();
    expect(button('PAGAR')).toBeTruthy();
  });
});
