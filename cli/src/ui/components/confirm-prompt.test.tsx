import { render } from 'ink-testing-library';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmPrompt } from './confirm-prompt.js';

const unstyled = (frame: string | undefined) =>
  stripVTControlCharacters(frame ?? '')
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n');

const tick = () => new Promise((r) => setTimeout(r, 50));

function prompt(defaultValue?: boolean) {
  const answers: boolean[] = [];
  let cancelled = false;
  const view = render(
    <ConfirmPrompt
      message="Suspend company Demo (id 2)?"
      defaultValue={defaultValue}
      onSubmit={(v) => answers.push(v)}
      onCancel={() => (cancelled = true)}
    />,
  );
  return { ...view, answers, cancelled: () => cancelled };
}

describe('ConfirmPrompt', () => {
  it('asks with no as the default', () => {
    const { lastFrame } = prompt();
    expect(unstyled(lastFrame())).toBe('? Suspend company Demo (id 2)? (y/N)');
  });

  it('shows yes as the default when told', () => {
    const { lastFrame } = prompt(true);
    expect(unstyled(lastFrame())).toBe('? Suspend company Demo (id 2)? (Y/n)');
  });

  it('answers yes on y and keeps the answer on screen', async () => {
    const { lastFrame, stdin, answers } = prompt();
    await tick();
    stdin.write('y');
    await vi.waitFor(() => expect(answers).toEqual([true]));
    expect(unstyled(lastFrame())).toBe('✔ Suspend company Demo (id 2)? yes');
  });

  it('takes the default (no) on Enter', async () => {
    const { lastFrame, stdin, answers } = prompt();
    await tick();
    stdin.write('\r');
    await vi.waitFor(() => expect(answers).toEqual([false]));
    expect(unstyled(lastFrame())).toBe('✖ Suspend company Demo (id 2)? no');
  });

  it('ignores other keys and answers only once', async () => {
    const { lastFrame, stdin, answers } = prompt();
    await tick();
    stdin.write('x');
    await tick();
    expect(unstyled(lastFrame())).toBe('? Suspend company Demo (id 2)? (y/N)');
    stdin.write('ny');
    await vi.waitFor(() => expect(answers).toEqual([false]));
    await tick();
    expect(answers).toEqual([false]);
  });

  it('cancels on Escape', async () => {
    const { stdin, answers, cancelled } = prompt();
    await tick();
    stdin.write('\u001b');
    await vi.waitFor(() => expect(cancelled()).toBe(true));
    expect(answers).toEqual([]);
  });
});
