/** @vitest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { http, HttpResponse, apiUrl, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { ptBR } from '@/lib/i18n/resources';
import { TagDialog } from './tag-dialog';

const server = startTestApi();

const name = () => screen.getByLabelText('Nome');
const colorCode = () => screen.getByLabelText('Código da cor');
const save = () => screen.getByRole('button', { name: 'Salvar' });

function renderDialog(
  tag: { id: number; name: string; color: string | null } | null = null,
  lane = false,
) {
  let closed = 0;
  renderWithProviders(
    <>
      <TagDialog open tag={tag} lane={lane} onClose={() => closed++} />
      <Toaster />
    </>,
  );
  return { closed: () => closed };
}

describe('TagDialog', () => {
  it('requires a name of at least 3 characters before calling the api', async () => {
    const user = userEvent.setup();
    let posted = 0;
    server.use(
      http.post(apiUrl('/tags'), () => {
        posted++;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderDialog();
    await user.click(save());
    expect(await screen.findByText('Obrigatório')).toBeTruthy();
    await user.type(name(), 'ab');
    await user.click(save());
    expect(await screen.findByText('Mensagem muito curta')).toBeTruthy();
    expect(name().getAttribute('aria-invalid')).toBe('true');
    expect(posted).toBe(0);
  });

  it('creates a tag with a random colour, and shows the api error code as a toast', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/tags'), async ({ request }) => {
        const body = (await request.json()) as { name: string };
        bodies.push(body);
        if (body.name === 'Repetida')
          return HttpResponse.json({ error: 'ERR_DUPLICATED_TAG' }, { status: 409 });
        return HttpResponse.json(
          { id: 9, name: body.name, color: '#123456', kanban: 0, userId: 7 },
          { status: 201 },
        );
      }),
    );
    const dialog = renderDialog();
    expect(colorCode()).toHaveProperty('value', expect.stringMatching(/^#[0-9a-f]{6}$/i));
    await user.type(name(), 'Repetida');
    await user.click(save());
    expect(await screen.findByText('Já existe uma tag com este nome.')).toBeTruthy();
    expect(dialog.closed()).toBe(0);
    await user.clear(name());
    await user.type(name(), '  Nova tag ');
    await user.click(save());
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(bodies[1]).toMatchObject({ name: 'Nova tag', color: expect.stringMatching(/^#/) });
    expect(await screen.findByText('Tag salva com sucesso.')).toBeTruthy();
  });

  it('edits a tag from its current name and colour', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    server.use(
      http.put(apiUrl('/tags/4'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: 4, name: 'Renomeada', color: '#00ff00', kanban: 0 });
      }),
    );
    renderDialog({ id: 4, name: 'Antiga', color: '#ff0000' });
    expect(screen.getByRole('heading', { name: 'Editar tag' })).toBeTruthy();
    expect(name()).toHaveProperty('value', 'Antiga');
    await user.clear(name());
    await user.type(name(), 'Renomeada');
    await user.clear(colorCode());
    await user.type(colorCode(), '00ff00');
    await user.click(save());
    await waitFor(() => expect(sent).toEqual({ name: 'Renomeada', color: '#00ff00' }));
  });

  it('saves a kanban lane (kanban=1) from the lanes page, with its own titles', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    server.use(
      http.post(apiUrl('/tags'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { id: 11, name: 'Proposta', color: '#123456', kanban: 1, userId: 7 },
          { status: 201 },
        );
      }),
    );
    const dialog = renderDialog(null, true);
    expect(screen.getByRole('dialog', { name: ptBR.kanbanLaneDialog.addTitle })).toBeTruthy();
    await user.type(name(), 'Proposta');
    await user.click(save());
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(sent).toMatchObject({ name: 'Proposta', kanban: 1 });
    expect(await screen.findByText(ptBR.kanbanLaneDialog.saved)).toBeTruthy();
  });
});
