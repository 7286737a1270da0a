/** @vitest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { config } from '@/lib/config';
import { http, HttpResponse, apiUrl, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { BrandingProvider } from './branding-provider';
import { WhitelabelTab } from './whitelabel-tab';

const platform: Record<string, string | null> = {};
const server = startTestApi(
  http.get(apiUrl('/public-settings/:key'), ({ params }) =>
    HttpResponse.json(platform[String(params.key)] ?? null),
  ),
);

afterEach(() => {
  for (const k of Object.keys(platform)) delete platform[k];
  document.documentElement.removeAttribute('style');
  document.querySelector('link[rel="icon"]')?.remove();
});

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

function renderTab() {
  renderWithProviders(
    <BrandingProvider>
      <WhitelabelTab />
      <Toaster />
    </BrandingProvider>,
  );
}

describe('WhitelabelTab', () => {
  it("applies the platform's colour, and a picked colour at once, then saves it", async () => {
    platform.primaryColorLight = '#112233';
    const saved: unknown[] = [];
    server.use(
      http.put(apiUrl('/settings/:key'), async ({ request, params }) => {
        const body = (await request.json()) as { value: string };
        saved.push({ key: params.key, ...body });
        return HttpResponse.json({ key: params.key, value: body.value });
      }),
    );
    renderTab();
    await waitFor(() => expect(cssVar('--primary')).toBe('#112233'));
    expect(cssVar('--primary-foreground')).toBe('#ffffff');

    const picker = screen.getByLabelText('Cor primária (modo claro)');
    fireEvent.change(picker, { target: { value: '#ffee00' } });
    // The console shows the colour before the api is asked, with dark text on the pale colour.
    await waitFor(() => expect(cssVar('--primary')).toBe('#ffee00'));
    expect(cssVar('--primary-foreground')).toBe('#0a0a0a');
    expect(saved).toEqual([]);
    expect(await screen.findByText('Operação atualizada com sucesso')).toBeTruthy();
    expect(saved).toEqual([{ key: 'primaryColorLight', value: '#ffee00' }]);
    expect(localStorage.getItem('primaryColorLight')).toBe('#ffee00');
  });

  it('puts a refused colour back', async () => {
    server.use(
      http.put(apiUrl('/settings/:key'), () =>
        HttpResponse.json({ error: 'ERR_VALIDATION' }, { status: 400 }),
      ),
    );
    renderTab();
    await waitFor(() => expect(cssVar('--primary')).toBe('#0000FF'));
    fireEvent.change(screen.getByLabelText('Cor primária (modo claro)'), {
      target: { value: '#00ff00' },
    });
    await waitFor(() => expect(cssVar('--primary')).toBe('#00ff00'));
    await waitFor(() => expect(cssVar('--primary')).toBe('#0000FF'));
  });

  it('saves the app name into the document title', async () => {
    server.use(
      http.put(apiUrl('/settings/appName'), async ({ request }) =>
        HttpResponse.json({ key: 'appName', ...((await request.json()) as object) }),
      ),
    );
    const user = userEvent.setup();
    renderTab();
    const input = await screen.findByLabelText('Nome do sistema');
    await user.type(input, 'Central Azul');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(document.title).toBe('Central Azul'));
  });

  it("shows the console's own icon while the platform sets none (no request for a missing /favicon.ico)", async () => {
    renderTab();
    await waitFor(() =>
      expect(
        document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href'),
      ).toBe('/favicon.svg'),
    );
  });

  it('uploads the favicon, previews it and points the page icon at it; a failure only logs', async () => {
    const forms: FormData[] = [];
    server.use(
      http.post(apiUrl('/settings-whitelabel/logo'), async ({ request }) => {
        forms.push(await request.formData());
        return HttpResponse.json('whitelabel/appLogoFavicon-1-abcdef12.png');
      }),
      http.post(apiUrl('/settings-whitelabel/login'), () =>
        HttpResponse.json({ error: 'ERR_VALIDATION' }, { status: 400 }),
      ),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderTab();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'icon.png', {
      type: 'image/png',
    });
    await user.upload(await screen.findByLabelText('Enviar Favicon'), png);

    const url = `${config.apiUrl}/public/whitelabel/appLogoFavicon-1-abcdef12.png`;
    expect(((await screen.findByAltText('Favicon')) as HTMLImageElement).src).toBe(url);
    await waitFor(() =>
      expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href).toBe(url),
    );
    expect(forms[0]?.get('mode')).toBe('Favicon');
    expect(forms[0]?.get('typeArch')).toBe('logo');
    expect(forms[0]?.has('file')).toBe(true);

    await user.upload(screen.getByLabelText('Enviar Imagem da tela de login'), png);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByAltText('Imagem da tela de login')).toBeNull();
    logged.mockRestore();
  });
});
