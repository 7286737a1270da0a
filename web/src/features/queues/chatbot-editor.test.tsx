/** @vitest-environment jsdom */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ChatbotEditor, chatbotBodyOf, type ChatbotNodeForm } from './chatbot-editor';

const lookups = {
  queues: [{ id: 3, name: 'Suporte' }],
  users: [{ id: 7, name: 'Ana' }],
  integrations: [],
  files: [],
};

function Harness({ onTree }: { onTree: (tree: ChatbotNodeForm[]) => void }) {
  const [tree, setTree] = useState<ChatbotNodeForm[]>([]);
  return (
    <ChatbotEditor
      value={tree}
      onChange={(next) => {
        setTree(next);
        onTree(next);
      }}
      lookups={lookups}
      errorText={(m) => m}
    />
  );
}

describe('ChatbotEditor', () => {
  it('adds an option, needs its message before a nested option, and nests one under it', async () => {
    const user = userEvent.setup();
    let tree: ChatbotNodeForm[] = [];
    renderWithProviders(<Harness onTree={(next) => (tree = next)} />);

    await user.click(screen.getByRole('button', { name: 'Adicionar opção' }));
    const first = screen.getByRole('group', { name: 'Opção 1' });
    await user.type(within(first).getByLabelText('Nome da opção'), 'Vendas');
    const nest = within(first).getByRole('button', { name: 'Adicionar opção em Vendas' });
    expect(nest).toHaveProperty('disabled', true);
    expect(
      within(first).getByText('Escreva a mensagem para adicionar o próximo nível.'),
    ).toBeTruthy();

    await user.type(within(first).getByLabelText('Mensagem'), 'Escolha: 1 novos, 2 usados');
    expect(nest).toHaveProperty('disabled', false);
    await user.click(nest);

    const child = screen.getByRole('group', { name: 'Opção 1.1' });
    await user.type(within(child).getByLabelText('Nome da opção'), 'Carros novos');
    await user.selectOptions(within(child).getByLabelText('Tipo'), 'queue');
    await user.selectOptions(within(child).getByLabelText('Fila de destino'), '3');

    expect(chatbotBodyOf(tree)).toEqual([
      expect.objectContaining({
        name: 'Vendas',
        greetingMessage: 'Escolha: 1 novos, 2 usados',
        queueType: 'text',
        order: 0,
        options: [
          expect.objectContaining({
            name: 'Carros novos',
            queueType: 'queue',
            optQueueId: '3',
            order: 0,
            options: [],
          }),
        ],
      }),
    ]);
  });
});
