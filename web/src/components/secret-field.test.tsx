/** @vitest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { SecretField, type SecretFieldProps } from './secret-field';

function Harness({
  onSave,
  ...props
}: Partial<SecretFieldProps> & { onSave: (v: { apiKey: string }) => void }) {
  const form = useForm({ defaultValues: { apiKey: '' } });
  return (
    <form onSubmit={form.handleSubmit(onSave)}>
      <SecretField id="k-apiKey" label="Chave da API" {...props} {...form.register('apiKey')} />
      <button type="submit">Salvar</button>
    </form>
  );
}

describe('SecretField', () => {
  it('is a labelled password input registered in the form', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    const input = screen.getByLabelText<HTMLInputElement>('Chave da API');
    expect(input.type).toBe('password');
    expect(input.autocomplete).toBe('new-password');
    expect(input.placeholder).toBe('');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    await user.type(input, 'sk-123');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSave.mock.calls[0]?.[0]).toEqual({ apiKey: 'sk-123' });
  });

  it('says a stored value is kept when left empty, as a note by default', () => {
    render(<Harness onSave={() => {}} keptText="Chave salva: deixe vazio para manter" />);
    const input = screen.getByLabelText<HTMLInputElement>('Chave da API');
    expect(input.placeholder).toBe('');
    expect(input.value).toBe('');
    expect(screen.getByText('Chave salva: deixe vazio para manter').id).toBe('k-apiKey-hint');
    expect(input.getAttribute('aria-describedby')).toBe('k-apiKey-hint');
  });

  it('shows the kept text as the placeholder, or both', () => {
    const { unmount } = render(
      <Harness onSave={() => {}} keptText="mantida" keptAs="placeholder" />,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Chave da API').placeholder).toBe('mantida');
    expect(screen.queryByText('mantida')).toBeNull();
    unmount();
    render(<Harness onSave={() => {}} keptText="mantida" keptAs="both" />);
    expect(screen.getByLabelText<HTMLInputElement>('Chave da API').placeholder).toBe('mantida');
    expect(screen.getByText('mantida')).toBeTruthy();
  });

  it('shows the error instead of the note and marks the input invalid', () => {
    render(<Harness onSave={() => {}} keptText="mantida" error="Obrigatório" />);
    const input = screen.getByLabelText('Chave da API');
    expect(screen.getByRole('alert').textContent).toBe('Obrigatório');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('k-apiKey-error');
    expect(screen.queryByText('mantida')).toBeNull();
  });
});
