/** @vitest-environment jsdom */
import type { FileListDetailView } from '@atendo/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { http, HttpResponse, apiUrl, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { FileListDialog, savedOptionIds } from './file-list-dialog';

const server = startTestApi();

const detail = (overrides: Partial<FileListDetailView> = {}): FileListDetailView => ({
  id: 5,
  name: 'Catálogo',
  message: 'Segue o nosso catálogo',
  userId: 7,
  options: [],
  createdAt: null,
  updatedAt: null,
  ...overrides,
});

function renderDialog(fileListId: number | null) {
  let closed = 0;
  renderWithProviders(
    <>
      <FileListDialog open fileListId={fileListId} onClose={() => closed++} />
      <Toaster />
    </>,
  );
  return { closed: () => closed };
}

const name = () => screen.getByLabelText('Nome');
const message = () => screen.getByLabelText('Mensagem');
const save = () => screen.getByRole('button', { name: 'Salvar' });
const addFile = () => screen.getByRole('button', { name: 'Adicionar arquivo' });

describe('FileListDialog', () => {
  it('asks for a name of 3 characters and a message before calling the api', async () => {
    const user = userEvent.setup();
    let posted = 0;
    server.use(
      http.post(apiUrl('/files'), () => {
        posted++;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderDialog(null);
    await user.type(name(), 'ab');
    await user.click(save());
    expect(await screen.findByText('nome muito curto')).toBeTruthy();
    expect(screen.getByText('Obrigatório')).toBeTruthy();
    expect(name().getAttribute('aria-invalid')).toBe('true');
    expect(message().getAttribute('aria-invalid')).toBe('true');
    await user.type(message(), '   ');
    await user.click(save());
    expect(await screen.findByText('Obrigatório')).toBeTruthy();
    expect(posted).toBe(0);
  });

  it('creates the list with its captions, then uploads the chosen file to its row', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    let created: unknown;
    let uploaded: FormData | undefined;
    server.use(
      http.post(apiUrl('/files'), async ({ request }) => {
        created = await request.json();
        calls.push('create');
        return HttpResponse.json(
          detail({
            id: 12,
            options: [
              { id: 40, name: 'Tabela', path: null, mediaType: null, mediaUrl: null },
              { id: 41, name: 'Folheto', path: null, mediaType: null, mediaUrl: null },
            ],
          }),
          { status: 201 },
        );
      }),
      http.post(apiUrl('/files/uploadList/12'), async ({ request }) => {
        uploaded = await request.formData();
        calls.push('upload');
        return HttpResponse.json(detail({ id: 12 }));
      }),
    );
    const dialog = renderDialog(null);
    await user.type(name(), 'Catálogo');
    await user.type(message(), 'Segue o nosso catálogo');
    await user.click(addFile());
    await user.click(addFile());
    await user.type(screen.getByLabelText('Legenda do arquivo 1'), 'Tabela');
    await user.type(screen.getByLabelText('Legenda do arquivo 2'), 'Folheto');
    await user.upload(
      screen.getByLabelText('Anexar arquivo 2', { selector: 'input' }),
      new File(['%PDF-1.4 folheto'], 'folheto.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('folheto.pdf')).toBeTruthy();
    await user.click(save());
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(calls).toEqual(['create', 'upload']);
    expect(created).toEqual({
      name: 'Catálogo',
      message: 'Segue o nosso catálogo',
      options: [{ name: 'Tabela' }, { name: 'Folheto' }],
    });
    expect(uploaded?.getAll('id')).toEqual(['41']);
    expect(uploaded?.getAll('name')).toEqual(['Folheto']);
    expect(uploaded?.getAll('mediaType')).toEqual(['application/pdf']);
    expect(uploaded?.get('fileId')).toBe('12');
    expect(uploaded?.get('typeArch')).toBe('fileList');
    const files = uploaded?.getAll('files') as File[];
    expect(files).toHaveLength(1);
    expect(files[0]!.size).toBeGreaterThan(0);
    expect(await screen.findByText('Lista de arquivos salva.')).toBeTruthy();
  });

  it('shows the uploaded files of a list and sends the whole list without a removed one', async () => {
    const user = userEvent.setup();
    let updated: unknown;
    server.use(
      http.get(apiUrl('/files/5'), () =>
        HttpResponse.json(
          detail({
            options: [
              {
                id: 30,
                name: 'Tabela',
                path: 'a1b2c3.pdf',
                mediaType: 'application/pdf',
                mediaUrl: '/private/2/a1b2c3.pdf',
              },
              { id: 31, name: 'Folheto', path: null, mediaType: null, mediaUrl: null },
            ],
          }),
        ),
      ),
      http.put(apiUrl('/files/5'), async ({ request }) => {
        updated = await request.json();
        return HttpResponse.json(
          detail({
            name: 'Catálogo 2025',
            options: [{ id: 31, name: 'Folheto', path: null, mediaType: null, mediaUrl: null }],
          }),
        );
      }),
      http.post(apiUrl('/files/uploadList/5'), () => HttpResponse.json({}, { status: 500 })),
    );
    const dialog = renderDialog(5);
    expect(await screen.findByRole('heading', { name: 'Editar lista de arquivos' })).toBeTruthy();
    await waitFor(() => expect(name()).toHaveProperty('value', 'Catálogo'));
    expect(message()).toHaveProperty('value', 'Segue o nosso catálogo');
    expect(screen.getByLabelText('Legenda do arquivo 1')).toHaveProperty('value', 'Tabela');
    expect(screen.getByLabelText('Legenda do arquivo 2')).toHaveProperty('value', 'Folheto');
    const link = screen.getByRole('link', { name: 'a1b2c3.pdf' });
    expect(link.getAttribute('href')).toMatch(/\/private\/2\/a1b2c3\.pdf$/);
    expect(screen.getByText('nenhum arquivo')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remover arquivo 1' }));
    expect(screen.queryByRole('link', { name: 'a1b2c3.pdf' })).toBeNull();
    expect(screen.getByLabelText('Legenda do arquivo 1')).toHaveProperty('value', 'Folheto');
    await user.clear(name());
    await user.type(name(), 'Catálogo 2025');
    await user.click(save());
    await waitFor(() => expect(dialog.closed()).toBe(1));
    expect(updated).toEqual({
      name: 'Catálogo 2025',
      message: 'Segue o nosso catálogo',
      options: [{ id: 31, name: 'Folheto' }],
    });
    expect(await screen.findByText('Lista de arquivos salva.')).toBeTruthy();
  });

  it('shows a duplicated name as the api error toast and stays open', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(apiUrl('/files'), () =>
        HttpResponse.json({ error: 'ERR_DUPLICATED_FILE_LIST' }, { status: 409 }),
      ),
    );
    const dialog = renderDialog(null);
    await user.type(name(), 'Catálogo');
    await user.type(message(), 'Segue o nosso catálogo');
    await user.click(save());
    expect(await screen.findByText('Já existe uma lista de arquivos com este nome.')).toBeTruthy();
    expect(dialog.closed()).toBe(0);
  });

  it('maps each row to its file in the answer: kept rows by id, added ones in order', () => {
    const option = (id: number) => ({ id, name: '', path: null, mediaType: null, mediaUrl: null });
    expect(
      savedOptionIds([{ id: 3 }, {}, { id: 4 }, {}], {
        options: [option(3), option(4), option(8), option(9)],
      }),
    ).toEqual([3, 8, 4, 9]);
    expect(savedOptionIds([{}, {}], { options: [option(1), option(2)] })).toEqual([1, 2]);
  });
});
