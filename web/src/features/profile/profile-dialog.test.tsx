/** @vitest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { useAuth } from '@/lib/auth/auth-provider';
import { http, HttpResponse, apiUrl, startTestApi, userCreation, userFixture } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { ProfileDialog } from './profile-dialog';

const me = userFixture({ id: 7, name: 'Ana Admin', profileImage: null });
const server = startTestApi(
  userCreation('enabled'),
  http.get(apiUrl('/auth/me'), () => HttpResponse.json(me)),
);

/** The session's user as the top bar shows it. */
function SessionName() {
  const { user } = useAuth();
  return (
    <output aria-label="sessão">
      {user?.name}|{user?.profileImage ?? ''}
    </output>
  );
}

function renderDialog() {
  localStorage.setItem('token', 'access-token');
  let closed = 0;
  renderWithProviders(
    <>
      <SessionGate onClose={() => closed++} />
      <Toaster />
    </>,
    { session: true },
  );
  return { closed: () => closed };
}

function SessionGate({ onClose }: { onClose: () => void }) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <SessionName />
      <ProfileDialog open onClose={onClose} />
    </>
  );
}

const name = () => screen.getByLabelText('Nome') as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Salvar' });

// jsdom decodes and draws no images: the browser's createImageBitmap and canvas stand in, and
// record the size the picture is drawn at. The real canvas runs in the e2e Chromium test.
const drawn: { width: number; height: number; type: string; quality: number }[] = [];
const original = {
  createImageBitmap: globalThis.createImageBitmap,
  getContext: HTMLCanvasElement.prototype.getContext,
  toBlob: HTMLCanvasElement.prototype.toBlob,
};
beforeEach(() => {
  drawn.length = 0;
  globalThis.createImageBitmap = (async () => ({ width: 960, height: 480 })) as never;
  HTMLCanvasElement.prototype.getContext = (() => ({
    fillRect() {},
    drawImage() {},
  })) as never;
  HTMLCanvasElement.prototype.toBlob = function toBlob(cb, type = 'image/png', quality) {
    drawn.push({ width: this.width, height: this.height, type, quality: Number(quality) });
    cb(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type }));
  };
});
afterEach(() => {
  globalThis.createImageBitmap = original.createImageBitmap;
  HTMLCanvasElement.prototype.getContext = original.getContext;
  HTMLCanvasElement.prototype.toBlob = original.toBlob;
});

describe('ProfileDialog', () => {
  it('refuses a short name and a short new password', async () => {
    const user = userEvent.setup();
    renderDialog();
    await waitFor(() => expect(name().value).toBe('Ana Admin'));
    await user.clear(name());
    await user.type(name(), 'A');
    await user.type(screen.getByLabelText(/Nova senha/), '123');
    await user.click(save());
    await waitFor(() => expect(screen.getAllByText('Muito curto!')).toHaveLength(2));
  });

  it('saves the name alone (password kept) and the session shows it at once', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    let uploads = 0;
    server.use(
      http.put(apiUrl('/users/7'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...me, name: 'Ana Maria' });
      }),
      http.post(apiUrl('/users/7/media-upload'), () => {
        uploads++;
        return HttpResponse.json(me);
      }),
    );
    const dialog = renderDialog();
    await waitFor(() => expect(name().value).toBe('Ana Admin'));
    await user.clear(name());
    await user.type(name(), 'Ana Maria');
    await user.click(save());
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(sent).toEqual({ name: 'Ana Maria' });
    expect(uploads).toBe(0);
    expect(screen.getByLabelText('sessão').textContent).toBe('Ana Maria|');
    expect(await screen.findByText('Perfil atualizado com sucesso.')).toBeTruthy();
  });

  it('uploads the picked picture as a 240 px jpeg 0.8 after the name and password', async () => {
    const user = userEvent.setup();
    const order: string[] = [];
    let upload: File | null = null;
    server.use(
      http.put(apiUrl('/users/7'), async ({ request }) => {
        order.push('put');
        expect(await request.json()).toEqual({ name: 'Ana Admin', password: 'nova-senha' });
        return HttpResponse.json(me);
      }),
      http.post(apiUrl('/users/7/media-upload'), async ({ request }) => {
        order.push('upload');
        upload = (await request.formData()).get('profileImage') as File;
        return HttpResponse.json({ ...me, profileImage: '7-novo.jpg' });
      }),
    );
    const dialog = renderDialog();
    await waitFor(() => expect(name().value).toBe('Ana Admin'));
    await user.type(screen.getByLabelText(/Nova senha/), 'nova-senha');
    await user.upload(
      screen.getByLabelText('Foto'),
      new File([new Uint8Array(2048)], 'grande.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]).toEqual({ width: 240, height: 120, type: 'image/jpeg', quality: 0.8 });
    await user.click(save());
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(order).toEqual(['put', 'upload']);
    expect(upload).not.toBeNull();
    expect(upload!.type).toBe('image/jpeg');
    expect(screen.getByLabelText('sessão').textContent).toBe('Ana Admin|7-novo.jpg');
  });

  it('says so when the picked file is no image the browser can read', async () => {
    const user = userEvent.setup();
    globalThis.createImageBitmap = (() => Promise.reject(new Error('InvalidStateError'))) as never;
    renderDialog();
    await waitFor(() => expect(name().value).toBe('Ana Admin'));
    await user.upload(
      screen.getByLabelText('Foto'),
      new File(['texto'], 'nota.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Não foi possível ler esta imagem.')).toBeTruthy();
  });
});
