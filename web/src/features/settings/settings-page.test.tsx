/** @vitest-environment jsdom */
import { SETTING_DEFAULTS, type UserView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { useAuth } from '@/lib/auth/auth-provider';
import { http, HttpResponse, apiUrl, startTestApi, userCreation, userFixture } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { SettingsPage } from './settings-page';

const server = startTestApi(userCreation('disabled'));

let settingsReads = 0;
function settingsApi(overrides: Record<string, string> = {}) {
  settingsReads = 0;
  const values = { ...SETTING_DEFAULTS, ...overrides };
  server.use(
    http.get(apiUrl('/settings'), () => {
      settingsReads++;
      return HttpResponse.json(Object.entries(values).map(([key, value]) => ({ key, value })));
    }),
    http.get(apiUrl('/proxy'), () =>
      HttpResponse.json([
        {
          id: 4,
          companyId: 2,
          host: 'proxy.example.com',
          port: 3128,
          protocol: 'socks5',
          username: 'joao',
          hasPassword: true,
          enabled: true,
        },
      ]),
    ),
  );
}

function Gate() {
  const { user } = useAuth();
  return user ? <SettingsPage /> : null;
}

function renderPage(me: UserView, route = '/settings') {
  localStorage.setItem('token', 'access-token');
  server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)));
  return renderWithProviders(
    <>
      <Gate />
      <Toaster />
    </>,
    { session: true, route },
  );
}

const location = () => screen.getByLabelText('location').textContent;
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('SettingsPage', () => {
  it('shows a profile user the no-permission view and reads no settings', async () => {
    settingsApi();
    renderPage(userFixture({ profile: 'user' }));
    expect(await screen.findByText('Oops! Acesso Negado!')).toBeTruthy();
    expect(settingsReads).toBe(0);
  });

  it('offers options and proxy to an admin; schedules only while scheduleType is company', async () => {
    settingsApi({ scheduleType: 'queue' });
    renderPage(userFixture());
    await screen.findByLabelText('Avaliações');
    expect(tabNames()).toEqual(['Opções', 'Proxy']);
  });

  it('keeps the open tab in ?tab= and lists the proxies without passwords', async () => {
    const user = userEvent.setup();
    settingsApi();
    renderPage(userFixture(), '/settings?tab=proxy');
    const table = await screen.findByRole('table', { name: 'Proxies' });
    const row = await within(table).findByRole('row', { name: /proxy\.example\.com/ });
    expect(row.textContent).toContain('socks5');
    expect(row.textContent).toContain('senha guardada');
    await user.click(screen.getByRole('tab', { name: 'Opções' }));
    await waitFor(() => expect(location()).toBe('/settings'));
    await user.click(screen.getByRole('tab', { name: 'Proxy' }));
    await waitFor(() => expect(location()).toBe('/settings?tab=proxy'));
  });

  it("a super admin also gets the platform tabs; the company's hours save with the spec's toast", async () => {
    const user = userEvent.setup();
    settingsApi({ scheduleType: 'company' });
    const saved: unknown[] = [];
    server.use(
      http.get(apiUrl('/companies/2'), () =>
        HttpResponse.json({ id: 2, name: 'Demo Ltda', status: true, schedules: [] }),
      ),
      http.put(apiUrl('/companies/2/schedules'), async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ id: 2, name: 'Demo Ltda', status: true, schedules: [] });
      }),
    );
    renderPage(userFixture({ super: true }), '/settings?tab=schedules');
    await screen.findByText('Horário de funcionamento da empresa');
    expect(tabNames()).toEqual(
      expect.arrayContaining(['Opções', 'Horários', 'Proxy', 'Empresas', 'Planos', 'Ajuda']),
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Horários atualizados com sucesso')).toBeTruthy();
    expect(saved[0]).toMatchObject({
      schedules: expect.arrayContaining([
        expect.objectContaining({ weekdayEn: 'monday', startTimeA: '08:00', endTimeB: '18:00' }),
      ]),
    });
  });
});
