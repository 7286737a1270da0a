/** @vitest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { apiUrl, http, HttpResponse, startTestApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { ContactImportPage } from './contact-import-page';

const sheet = {
  fileName: 'contatos.xlsx',
  columns: ['Nome', 'Telefone', 'Obs'],
  rows: [
    ['Maria', '5511987654321', 'cliente antiga'],
    ['João', '5511987654322', null],
  ],
};

const server = startTestApi(http.post(apiUrl('/contacts/upload'), () => HttpResponse.json(sheet)));

async function renderWithFile() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <ContactImportPage />
      <Toaster />
    </>,
    { route: '/contacts/import' },
  );
  const file = new File(['x'], 'contatos.xlsx');
  await user.upload(screen.getByLabelText('Arraste um arquivo aqui ou clique para escolher'), file);
  await screen.findByText('Mapeamento de colunas');
  return user;
}

const targetOf = (column: string) => screen.getByLabelText(`Campo: ${column}`) as HTMLSelectElement;

describe('ContactImportPage', () => {
  it('maps each column to one target only and needs name and number', async () => {
    let imports = 0;
    server.use(http.post(apiUrl('/contacts/import'), () => void imports++));
    const user = await renderWithFile();
    expect(targetOf('Nome').value).toBe('name');
    expect(targetOf('Telefone').value).toBe('number');
    expect(targetOf('Obs').value).toBe('');

    // Giving "name" to another column takes it from the first.
    await user.selectOptions(targetOf('Obs'), 'name');
    expect(targetOf('Obs').value).toBe('name');
    expect(targetOf('Nome').value).toBe('');
    // A column gives up its target when it takes another.
    await user.selectOptions(targetOf('Obs'), 'email');
    expect(targetOf('Obs').value).toBe('email');
    expect(screen.getByRole('alert').textContent).toBe('Mapeie a coluna do nome.');
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(
      await screen.findByText('Mapeie a coluna do nome.', { selector: '[data-title]' }),
    ).toBeTruthy();
    expect(imports).toBe(0);
  });

  it("refuses to import with no row selected ('Nenhum contato selecionado')", async () => {
    let imports = 0;
    server.use(http.post(apiUrl('/contacts/import'), () => void imports++));
    const user = await renderWithFile();
    expect(screen.getByText('2 contatos selecionados')).toBeTruthy();
    await user.click(screen.getByLabelText('Selecionar todos'));
    // Portuguese counts 0 in the singular.
    expect(screen.getByText('0 contato selecionado')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Nenhum contato selecionado')).toBeTruthy();
    expect(imports).toBe(0);
  });

  it('imports the selected rows with the mapping and shows the report', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/contacts/import'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          created: 0,
          skipped: 0,
          failed: [{ row: 1, reason: 'ERR_DUPLICATED_CONTACT' }],
        });
      }),
    );
    const user = await renderWithFile();
    await user.click(screen.getByLabelText('Selecionar linha 1'));
    await user.selectOptions(targetOf('Obs'), 'tags');
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(
      await screen.findByText('Importação concluída, mas alguns contatos não foram importados.'),
    ).toBeTruthy();
    expect(body).toEqual({
      rows: [['João', '5511987654322', null]],
      mapping: { name: 0, number: 1, email: null, tags: 2 },
      validateContact: false,
    });
    const report = screen.getByRole('region', { name: 'Resultado da importação' });
    expect(within(report).getByText('Criados: 0')).toBeTruthy();
    expect(within(report).getByText('Com erro: 1')).toBeTruthy();
    // The failed row is named as the file's row 2, with the translated reason.
    const row = within(report).getByText('Já existe um contato com este número.').closest('tr')!;
    expect(within(row).getByText('2')).toBeTruthy();
  });

  it("says 'Importação realizada com sucesso' when every row was created", async () => {
    server.use(
      http.post(apiUrl('/contacts/import'), () =>
        HttpResponse.json({ created: 2, skipped: 0, failed: [] }),
      ),
    );
    const user = await renderWithFile();
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Importação realizada com sucesso')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Criados: 2')).toBeTruthy());
  });

  it("shows 'Arquivo inválido!' for a file the api cannot read", async () => {
    const user = userEvent.setup();
    server.use(
      http.post(apiUrl('/contacts/upload'), () =>
        HttpResponse.json({ error: 'ERR_INVALID_FILE' }, { status: 400 }),
      ),
    );
    renderWithProviders(
      <>
        <ContactImportPage />
        <Toaster />
      </>,
    );
    await user.upload(
      screen.getByLabelText('Arraste um arquivo aqui ou clique para escolher'),
      new File(['x'], 'foto.xlsx'),
    );
    expect(await screen.findByText('Arquivo inválido!')).toBeTruthy();
    expect(screen.queryByText('Mapeamento de colunas')).toBeNull();
  });
});
