/** @vitest-environment jsdom */
import type { AnnouncementView } from '@atendo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PrivateRoute } from '@/features/auth/route-guards';
import { apiUrl, http, HttpResponse, startTestApi, userCreation, userFixture } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { AnnouncementsPopover } from './announcements-popover';
import { applyAnnouncementPush } from './live';
import { readKey } from './read-state';

const announcement = (overrides: Partial<AnnouncementView> = {}): AnnouncementView => ({
  id: 1,
  title: 'Manutenção',
  text: 'Sábado às 22h',
  status: true,
  priority: 3,
  mediaPath: null,
  mediaName: null,
  mediaUrl: null,
  companyId: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const urgent = announcement({
  id: 2,
  title: 'Urgente',
  text: 'Atualize o aplicativo',
  priority: 1,
  mediaPath: 'abc.png',
  mediaName: 'aviso.png',
  mediaUrl: '/public/announcements/abc.png',
  createdAt: '2026-11-19T10:00:00.000Z',
});

const server = startTestApi(userCreation('enabled'));

function signedIn(records: AnnouncementView[]) {
  localStorage.setItem('token', 'access-token');
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json(userFixture({ id: 8 }))),
    http.get(apiUrl('/announcements/for-company'), () =>
      HttpResponse.json({ records, count: records.length, hasMore: false }),
    ),
  );
}

/** The popover once the session is read, as the shell renders it. */
function Signed() {
  return (
    <Routes>
      <Route element={<PrivateRoute />}>
        <Route path="*" element={<AnnouncementsPopover />} />
      </Route>
    </Routes>
  );
}

describe('AnnouncementsPopover', () => {
  it('lists the active announcements with their priority, text and image, and counts the unread', async () => {
    const user = userEvent.setup();
    signedIn([urgent, announcement()]);
    renderWithProviders(<Signed />, { session: true });
    const button = await screen.findByRole('button', {
      name: 'Informativos (2 informativos não lidos)',
    });
    expect(screen.getByTestId('Informativos-count').textContent).toBe('2');

    await user.click(button);
    const list = await screen.findByRole('list', { name: 'Informativos' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('span')?.textContent)).toEqual([
      'Urgente',
      'Manutenção',
    ]);
    expect(within(items[0]!).getByText('Alta')).toBeTruthy();
    expect(within(items[0]!).getByText('Atualize o aplicativo')).toBeTruthy();
    expect(items[0]!.className).toContain('border-l-red-600');
    expect(within(items[1]!).getByText('Baixa')).toBeTruthy();
    const image = within(items[0]!).getByRole('img', { name: 'Imagem de Urgente' });
    expect(image.getAttribute('src')).toMatch(/\/public\/announcements\/abc\.png$/);
    expect(within(items[1]!).queryByRole('img')).toBeNull();

    // Opened: both are read for this user, in this browser.
    await waitFor(() => expect(screen.queryByTestId('Informativos-count')).toBeNull());
    expect(JSON.parse(localStorage.getItem(readKey(8)) ?? '[]')).toEqual([2, 1]);
  });

  it('counts only the ones this user has not seen, and shows the empty text without any', async () => {
    localStorage.setItem(readKey(8), JSON.stringify([1]));
    signedIn([urgent, announcement()]);
    const first = renderWithProviders(<Signed />, { session: true });
    expect(
      await screen.findByRole('button', { name: 'Informativos (1 informativo não lido)' }),
    ).toBeTruthy();
    first.unmount();

    const user = userEvent.setup();
    signedIn([]);
    renderWithProviders(<Signed />, { session: true });
    const button = await screen.findByRole('button', { name: 'Informativos' });
    await user.click(button);
    expect(await screen.findByText('Nenhum informativo.')).toBeTruthy();
    expect(screen.queryByTestId('Informativos-count')).toBeNull();
  });
});

describe('applyAnnouncementPush', () => {
  const low = announcement();
  it('inserts or replaces active ones in priority order and removes inactive or deleted ones', () => {
    const created = applyAnnouncementPush([low], { action: 'create', record: urgent });
    expect(created.map((r) => r.id)).toEqual([2, 1]);
    const edited = applyAnnouncementPush(created, {
      action: 'update',
      record: { ...low, priority: 1, createdAt: '2026-11-21T10:00:00.000Z' },
    });
    expect(edited.map((r) => r.id)).toEqual([1, 2]);
    expect(
      applyAnnouncementPush(edited, { action: 'update', record: { ...urgent, status: false } }),
    ).toEqual([edited[0]]);
    expect(applyAnnouncementPush(edited, { action: 'delete', id: 2 }).map((r) => r.id)).toEqual([
      1,
    ]);
  });
});
