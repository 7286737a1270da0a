/** @vitest-environment jsdom */
import type { HelpView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse, apiUrl, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { HelpsPage } from './helps-page';

const HELPS: HelpView[] = [
  { id: 1, title: 'Conectar o WhatsApp', description: 'Leia o QR code.', video: 'abcDEF_-123' },
  { id: 2, title: 'Filas', description: 'Como criar filas.', video: 'xyz987' },
  { id: 3, title: 'Só texto', description: 'Sem vídeo ainda.', video: null },
];

const server = startTestApi();

describe('HelpsPage', () => {
  it('shows the video grid, plays a card in the modal and closes on Escape', async () => {
    server.use(http.get(apiUrl('/helps/list'), () => HttpResponse.json(HELPS)));
    const user = userEvent.setup();
    renderWithProviders(<HelpsPage />);

    const grid = await screen.findByRole('list', { name: 'Ajuda' });
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(3));
    expect(within(grid).getByText('Como criar filas.')).toBeTruthy();
    const thumbnails = grid.querySelectorAll('img');
    expect([...thumbnails].map((img) => img.getAttribute('src'))).toEqual([
      'https://i.ytimg.com/vi/abcDEF_-123/hqdefault.jpg',
      'https://i.ytimg.com/vi/xyz987/hqdefault.jpg',
    ]);
    // An article without a video is a plain card, not a button.
    expect(within(grid).queryByRole('button', { name: /Só texto/ })).toBeNull();

    await user.click(within(grid).getByRole('button', { name: 'Assistir: Filas' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Filas')).toBeTruthy();
    const player = within(dialog).getByTitle('Vídeo: Filas');
    expect(player.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/xyz987?autoplay=1&rel=0',
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTitle('Vídeo: Filas')).toBeNull();
  });

  it('says when there is no help yet', async () => {
    server.use(http.get(apiUrl('/helps/list'), () => HttpResponse.json([])));
    renderWithProviders(<HelpsPage />);
    expect(await screen.findByText('Nenhum vídeo de ajuda disponível.')).toBeTruthy();
  });
});
