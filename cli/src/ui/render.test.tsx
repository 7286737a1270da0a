import { Box } from 'ink';
import { render } from 'ink-testing-library';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stripVTControlCharacters } from 'node:util';
import { capture } from '../testing/capture.js';
import { Banner } from './components/banner.js';
import { Table } from './components/table.js';
import { TextPrompt } from './components/text-prompt.js';
import {
  renderError,
  renderJson,
  renderPrompt,
  renderTable,
  renderTasks,
  type UiContext,
} from './render.js';

const unstyled = (frame: string | undefined) =>
  stripVTControlCharacters(frame ?? '')
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n');

/** A 60-column terminal, so boxes have a known width. */
function Box60({ children }: { children: ReactNode }) {
  return (
    <Box width={60} flexDirection="column">
      {children}
    </Box>
  );
}

const tick = () => new Promise((r) => setTimeout(r, 50));

function uiContext(overrides: Partial<UiContext> = {}) {
  const out = capture();
  const err = capture();
  const ctx: UiContext = {
    stdout: out.stream,
    stderr: err.stream,
    interactive: false,
    color: false,
    columns: 60,
    ...overrides,
  };
  return { ctx, stdout: out.text, stderr: err.text };
}

describe('Table', () => {
  it('aligns columns to the widest cell and right-aligns numbers', () => {
    const { lastFrame } = render(
      <Table
        columns={[
          { header: 'ID', align: 'right' },
          { header: 'Name' },
          { header: 'Amount', align: 'right' },
        ]}
        rows={[
          ['1', 'Atendo', 'R$ 0,00'],
          ['12', 'Demo', 'R$ 1.234,50'],
        ]}
      />,
    );
    expect(unstyled(lastFrame())).toBe(
      [
        'ID  Name         Amount',
        '──  ──────  ───────────',
        ' 1  Atendo      R$ 0,00',
        '12  Demo    R$ 1.234,50',
      ].join('\n'),
    );
  });
});

describe('Banner', () => {
  it('shows the headline, the error code and the next steps in a box', () => {
    const { lastFrame } = render(
      <Box60>
        <Banner
          type="error"
          headline="Invalid email or password."
          code="ERR_INVALID_CREDENTIALS"
          nextSteps={['Try again.']}
        />
      </Box60>,
    );
    expect(unstyled(lastFrame())).toBe(
      [
        '╭──────────────────────────────────────────────────────────╮',
        '│ error                                                    │',
        '│                                                          │',
        '│ Invalid email or password. (ERR_INVALID_CREDENTIALS)     │',
        '│                                                          │',
        '│ Next steps                                               │',
        '│   • Try again.                                           │',
        '╰──────────────────────────────────────────────────────────╯',
      ].join('\n'),
    );
  });
});

describe('TextPrompt', () => {
  it('hides a password and submits on Enter', async () => {
    let submitted: string | undefined;
    const { lastFrame, stdin } = render(
      <TextPrompt
        message="Password:"
        password
        onSubmit={(v) => (submitted = v)}
        onCancel={() => undefined}
      />,
    );
    await tick();
    stdin.write('s3cr');
    await vi.waitFor(() => expect(unstyled(lastFrame())).toBe('? Password: ••••'));
    stdin.write('\u007f');
    await vi.waitFor(() => expect(unstyled(lastFrame())).toBe('? Password: •••'));
    stdin.write('et');
    await vi.waitFor(() => expect(unstyled(lastFrame())).toBe('? Password: •••••'));
    stdin.write('\r');
    await vi.waitFor(() => expect(submitted).toBe('s3cet'));
    expect(unstyled(lastFrame())).toBe('✔ Password: •••••');
  });

  it('submits pasted text that ends with Enter', async () => {
    let submitted: string | undefined;
    const { stdin } = render(
      <TextPrompt message="Email:" onSubmit={(v) => (submitted = v)} onCancel={() => undefined} />,
    );
    await tick();
    stdin.write('admin@atendo.local\r');
    await vi.waitFor(() => expect(submitted).toBe('admin@atendo.local'));
  });

  it('keeps asking while the value is invalid', async () => {
    let submitted: string | undefined;
    const { lastFrame, stdin } = render(
      <TextPrompt
        message="Email:"
        validate={(v) => (v.includes('@') ? undefined : 'Enter a valid email.')}
        onSubmit={(v) => (submitted = v)}
        onCancel={() => undefined}
      />,
    );
    await tick();
    stdin.write('nope');
    await vi.waitFor(() => expect(unstyled(lastFrame())).toBe('? Email: nope'));
    stdin.write('\r');
    await vi.waitFor(() =>
      expect(unstyled(lastFrame())).toBe('? Email: nope\n  Enter a valid email.'),
    );
    expect(submitted).toBeUndefined();
  });
});

describe('render helpers', () => {
  it('renderTable prints the table on stdout, unstyled when colours are off', () => {
    const { ctx, stdout, stderr } = uiContext();
    renderTable(ctx, {
      columns: [{ header: 'Name' }, { header: 'Status' }],
      rows: [['Demo', 'active']],
    });
    expect(stdout()).toBe('Name  Status\n────  ──────\nDemo  active\n');
    expect(stdout()).not.toContain('\u001b[');
    expect(stderr()).toBe('');
  });

  it('renderTable never cuts a row wider than the terminal', () => {
    const { ctx, stdout } = uiContext({ columns: 20 });
    const long = 'A company with a rather long name';
    renderTable(ctx, { columns: [{ header: 'ID' }, { header: 'Name' }], rows: [['1', long]] });
    expect(stdout()).toContain(`1   ${long}\n`);
  });

  it('renderTable shows a message instead of an empty table', () => {
    const { ctx, stdout } = uiContext();
    renderTable(ctx, { columns: [{ header: 'Name' }], rows: [], empty: 'No plans yet.' });
    expect(stdout()).toContain('No plans yet.');
    expect(stdout()).not.toContain('Name');
  });

  it('renderError writes to stderr only', () => {
    const { ctx, stdout, stderr } = uiContext();
    renderError(ctx, { headline: 'Boom.', code: 'ERR_INTERNAL' });
    expect(stdout()).toBe('');
    expect(stderr()).toContain('│ Boom. (ERR_INTERNAL)');
  });

  it('renderJson prints nothing but the JSON', () => {
    const { ctx, stdout } = uiContext();
    renderJson(ctx, [{ id: 1 }]);
    expect(JSON.parse(stdout())).toEqual([{ id: 1 }]);
  });

  it('renderTasks runs the tasks without drawing anything off a TTY', async () => {
    const { ctx, stdout, stderr } = uiContext();
    const order: string[] = [];
    await renderTasks(ctx, [
      { title: 'one', task: async () => void order.push('one') },
      { title: 'two', task: async () => void order.push('two') },
    ]);
    expect(order).toEqual(['one', 'two']);
    expect(stdout() + stderr()).toBe('');
  });

  it('renderPrompt refuses to prompt without a TTY (exit code 2)', async () => {
    const { ctx } = uiContext();
    await expect(renderPrompt(ctx, { message: 'Email:' })).rejects.toMatchObject({ exitCode: 2 });
  });
});
