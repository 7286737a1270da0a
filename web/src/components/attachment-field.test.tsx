/** @vitest-environment jsdom */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { renderWithProviders as render } from '@/test/render';
import { AttachmentField } from './attachment-field';

function Harness({
  storedName = null,
  validate,
  onRemove = () => {},
  disabled,
}: {
  storedName?: string | null;
  validate?: (file: File) => string | null;
  onRemove?: () => void;
  disabled?: boolean;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [stored, setStored] = useState(storedName);
  return (
    <>
      <AttachmentField
        label="Anexo"
        attachLabel="Anexar"
        removeLabel="Remover anexo"
        emptyText="Sem anexo"
        accept="image/*"
        validate={validate}
        storedName={stored}
        file={file}
        disabled={disabled}
        onChange={setFile}
        onRemove={() => {
          onRemove();
          if (file) setFile(null);
          else setStored(null);
        }}
      />
      <Toaster />
    </>
  );
}

const png = () => new File(['x'], 'foto.png', { type: 'image/png' });

describe('AttachmentField', () => {
  it('shows the stored name, a chosen file in its place, and removes it', async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn();
    render(<Harness storedName="antigo.pdf" onRemove={onRemove} />);
    expect(screen.getByText('Anexo')).toBeTruthy();
    expect(screen.getByText('antigo.pdf')).toBeTruthy();
    const input = screen.getByLabelText<HTMLInputElement>('Anexar', { selector: 'input' });
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*');

    await user.upload(input, png());
    expect(screen.getByText('foto.png')).toBeTruthy();
    expect(screen.queryByText('antigo.pdf')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remover anexo' }));
    expect(onRemove).toHaveBeenCalledOnce();
    expect(screen.getByText('antigo.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remover anexo' }));
    expect(screen.getByText('Sem anexo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remover anexo' })).toBeNull();
  });

  it('opens the file input from the attach button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText<HTMLInputElement>('Anexar', { selector: 'input' });
    const click = vi.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: 'Anexar' }));
    expect(click).toHaveBeenCalledOnce();
  });

  it('refuses a file the validation rejects, with a toast', async () => {
    const user = userEvent.setup();
    render(<Harness validate={(f) => (f.name.endsWith('.png') ? 'Tipo não aceito' : null)} />);
    await user.upload(screen.getByLabelText('Anexar', { selector: 'input' }), png());
    expect(await screen.findByText('Tipo não aceito')).toBeTruthy();
    expect(screen.queryByText('foto.png')).toBeNull();
    expect(screen.getByText('Sem anexo')).toBeTruthy();
  });

  it('disables both buttons when disabled', () => {
    render(<Harness storedName="antigo.pdf" disabled />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Anexar' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Remover anexo' }).disabled).toBe(
      true,
    );
  });
});
