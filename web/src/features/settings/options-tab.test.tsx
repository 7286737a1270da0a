/** @vitest-environment jsdom */
import { SETTING_DEFAULTS } from '@atendo/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { http, HttpResponse, apiUrl, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { OptionsTab } from './options-tab';

/** The company's settings as the api holds them; PUTs change this copy and are recorded. */
let stored: Record<string, string> = {};
let puts: { key: string; value: string }[] = [];

startTestApi(
  http.get(apiUrl('/settings'), () =>
    HttpResponse.json(Object.entries(stored).map(([key, value]) => ({ key, value }))),
  ),
  http.put(apiUrl('/settings/:key'), async ({ params, request }) => {
    const { value } = (await request.json()) as { value: string };
    const key = String(params.key);
    puts.push({ key, value });
    stored[key] = value;
    return HttpResponse.json({ key, value });
  }),
  http.get(apiUrl('/public-settings/userCreation'), () => HttpResponse.json('disabled')),
  http.get(apiUrl('/transcription-credentials'), () => HttpResponse.json([])),
  http.get(apiUrl('/transcription-credentials/default'), () =>
    HttpResponse.json({ service: 'default' }),
  ),
);

function renderTab(isSuper = false) {
  stored = { ...SETTING_DEFAULTS };
  puts = [];
  renderWithProviders(
    <>
      <OptionsTab isSuper={isSuper} />
      <Toaster />
    </>,
  );
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

describe('OptionsTab', () => {
  it('saves a select as soon as it changes, with its key and value', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.selectOptions(await screen.findByLabelText('Avaliações'), 'enabled');
    await waitFor(() => expect(puts).toEqual([{ key: 'userRating', value: 'enabled' }]));
    expect(select('Avaliações').value).toBe('enabled');
    await user.selectOptions(select('Gerenciamento de expediente'), 'company');
    await waitFor(() => expect(puts.at(-1)).toEqual({ key: 'scheduleType', value: 'company' }));
    expect(await screen.findByText('Operação atualizada com sucesso')).toBeTruthy();
  });

  it("shows a feature's message once the feature is on, required until it is filled", async () => {
    const user = userEvent.setup();
    renderTab();
    await screen.findByLabelText('Enviar mensagem ao transferir o ticket');
    expect(screen.queryByLabelText('Mensagem de transferência')).toBeNull();

    await user.selectOptions(select('Enviar mensagem ao transferir o ticket'), 'enabled');
    const message = (await screen.findByLabelText(
      'Mensagem de transferência',
    )) as HTMLTextAreaElement;
    expect(puts).toEqual([{ key: 'sendMsgTransfTicket', value: 'enabled' }]);
    expect(message.required).toBe(true);
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Obrigatório enquanto o recurso estiver ativo')).toBeTruthy();

    // Leaving it empty sends nothing; a text is saved when the field is left.
    await user.click(message);
    await user.tab();
    expect(puts).toHaveLength(1);
    await user.type(message, 'Você foi transferido de fila');
    expect(message.getAttribute('aria-invalid')).toBe('false');
    await user.tab();
    await waitFor(() =>
      expect(puts.at(-1)).toEqual({
        key: 'transferMessage',
        value: 'Você foi transferido de fila',
      }),
    );

    // The call message is the other way round: required while calls are refused.
    expect(screen.queryByLabelText('Mensagem ao recusar ligação')).toBeNull();
    await user.selectOptions(select('Aceitar ligações no WhatsApp'), 'disabled');
    expect(await screen.findByLabelText('Mensagem ao recusar ligação')).toHaveProperty(
      'required',
      true,
    );
  });

  it('shows the platform-wide userCreation to super admins only', async () => {
    renderTab(false);
    await screen.findByLabelText('Avaliações');
    expect(screen.queryByLabelText('Cadastro público de empresas (signup)')).toBeNull();
  });

  it('lets a super admin switch public signup on', async () => {
    const user = userEvent.setup();
    renderTab(true);
    const option = await screen.findByLabelText('Cadastro público de empresas (signup)');
    await waitFor(() => expect((option as HTMLSelectElement).value).toBe('disabled'));
    await user.selectOptions(option, 'enabled');
    await waitFor(() => expect(puts).toEqual([{ key: 'userCreation', value: 'enabled' }]));
  });
});
