import { type Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { render, renderToString } from 'ink';
import type { ReactElement } from 'react';
import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../errors.js';
import { Banner, type BannerProps } from './components/banner.js';
import { ColorContext } from './components/color.js';
import { ConfirmPrompt } from './components/confirm-prompt.js';
import { Table, type TableColumn } from './components/table.js';
import { Tasks, type TaskState } from './components/tasks.js';
import { TextPrompt } from './components/text-prompt.js';

/** The parts of the context the render helpers use. */
export type UiContext = Pick<
  CliContext,
  'stdout' | 'stderr' | 'stdin' | 'interactive' | 'color' | 'columns'
>;

function withColor(color: boolean, element: ReactElement): ReactElement {
  return <ColorContext.Provider value={color}>{element}</ColorContext.Provider>;
}

/** Renders an element once to text: unstyled when colours are off, no trailing spaces. */
export function renderToText(
  ctx: Pick<UiContext, 'color' | 'columns'>,
  element: ReactElement,
  columns = ctx.columns,
): string {
  const out = renderToString(withColor(ctx.color, element), { columns });
  const text = ctx.color ? out : stripVTControlCharacters(out);
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

function writeLine(stream: Writable, text: string): void {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
}

export interface RenderTableOptions {
  columns: TableColumn[];
  rows: string[][];
  /** Shown instead of an empty table. */
  empty?: string;
}

/** Prints a table with aligned columns on stdout. */
export function renderTable(ctx: UiContext, { columns, rows, empty }: RenderTableOptions): void {
  if (rows.length === 0 && empty) {
    renderInfo(ctx, { headline: empty });
    return;
  }
  // A table is never wrapped or cut to the terminal: the widest a row could be (wide glyphs count 2).
  const widest = columns.reduce(
    (sum, col, c) =>
      sum + 2 + Math.max(col.header.length, ...rows.map((r) => [...(r[c] ?? '')].length)) * 2,
    0,
  );
  writeLine(
    ctx.stdout,
    renderToText(ctx, <Table columns={columns} rows={rows} />, Math.max(ctx.columns, widest)),
  );
}

export type AlertOptions = Omit<BannerProps, 'type'>;

/** Prints an info box on stdout. */
export function renderInfo(ctx: UiContext, options: AlertOptions): void {
  writeLine(ctx.stdout, renderToText(ctx, <Banner type="info" {...options} />));
}

/** Prints a success box on stdout. */
export function renderSuccess(ctx: UiContext, options: AlertOptions): void {
  writeLine(ctx.stdout, renderToText(ctx, <Banner type="success" {...options} />));
}

/** Prints a warning box on stderr (stdout stays clean for data). */
export function renderWarning(ctx: UiContext, options: AlertOptions): void {
  writeLine(ctx.stderr, renderToText(ctx, <Banner type="warning" {...options} />));
}

/** Prints an error box on stderr. */
export function renderError(ctx: UiContext, options: AlertOptions): void {
  writeLine(ctx.stderr, renderToText(ctx, <Banner type="error" {...options} />));
}

/** Prints a value as JSON on stdout, and nothing else. */
export function renderJson(ctx: Pick<UiContext, 'stdout'>, value: unknown): void {
  writeLine(ctx.stdout, JSON.stringify(value, null, 2));
}

export interface Task<T = unknown> {
  title: string;
  task: () => Promise<T>;
}

function liveRender(ctx: UiContext, element: ReactElement) {
  return render(withColor(ctx.color, element), {
    stdout: ctx.stderr as NodeJS.WriteStream,
    stdin: ctx.stdin as NodeJS.ReadStream | undefined,
    patchConsole: false,
    exitOnCtrlC: false,
  });
}

/**
 * Runs tasks one after another with a spinner on stderr (only on a TTY; elsewhere they just run).
 * The list is cleared when done, so what the command prints next stands alone.
 */
export async function renderTasks(ctx: UiContext, tasks: Task[]): Promise<void> {
  if (!ctx.interactive) {
    for (const t of tasks) await t.task();
    return;
  }
  const states: TaskState[] = tasks.map(() => 'pending');
  const view = () => (
    <Tasks tasks={tasks.map((t, i) => ({ title: t.title, state: states[i] ?? 'pending' }))} />
  );
  const instance = liveRender(ctx, view());
  try {
    for (const [i, t] of tasks.entries()) {
      states[i] = 'running';
      instance.rerender(withColor(ctx.color, view()));
      try {
        await t.task();
      } catch (err) {
        states[i] = 'failed';
        throw err;
      }
      states[i] = 'done';
    }
  } finally {
    instance.clear();
    instance.unmount();
    await instance.waitUntilExit();
  }
}

/** Runs one piece of work under a spinner (on a TTY) and returns its result. */
export async function renderSpinner<T>(
  ctx: UiContext,
  title: string,
  work: () => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  await renderTasks(ctx, [{ title, task: async () => void (result = await work()) }]);
  return result as T;
}

export interface PromptOptions {
  message: string;
  password?: boolean;
  validate?: (value: string) => string | undefined;
}

/** Asks for one value on the terminal; refuses (exit code 2) when there is no TTY to ask on. */
export function renderPrompt(
  ctx: UiContext,
  { message, password, validate }: PromptOptions,
): Promise<string> {
  if (!ctx.interactive || !ctx.stdin) {
    return Promise.reject(
      new CliError(`Cannot ask "${message}" without a terminal.`, { exitCode: EXIT.usage }),
    );
  }
  return new Promise((resolve, reject) => {
    let answer: string | undefined;
    let typedAhead = '';
    const instance = liveRender(
      ctx,
      <TextPrompt
        message={message}
        password={password}
        validate={validate}
        onSubmit={(value, rest) => {
          answer = value;
          typedAhead = rest;
          instance.unmount();
        }}
        onCancel={() => instance.unmount()}
      />,
    );
    instance.waitUntilExit().then(() => {
      if (answer === undefined)
        return reject(new CliError('Cancelled.', { exitCode: EXIT.cancelled }));
      // What was typed after Enter belongs to the next prompt.
      if (typedAhead) ctx.stdin?.unshift(typedAhead);
      resolve(answer);
    }, reject);
  });
}

export interface ConfirmOptions {
  message: string;
  /** What Enter alone answers; no unless told. */
  defaultValue?: boolean;
}

/** Asks a yes/no question on the terminal; refuses (exit code 2) when there is no TTY to ask on. */
export function renderConfirm(
  ctx: UiContext,
  { message, defaultValue = false }: ConfirmOptions,
): Promise<boolean> {
  if (!ctx.interactive || !ctx.stdin) {
    return Promise.reject(
      new CliError(`Cannot ask "${message}" without a terminal.`, { exitCode: EXIT.usage }),
    );
  }
  return new Promise((resolve, reject) => {
    let answer: boolean | undefined;
    const instance = liveRender(
      ctx,
      <ConfirmPrompt
        message={message}
        defaultValue={defaultValue}
        onSubmit={(value) => {
          answer = value;
          instance.unmount();
        }}
        onCancel={() => instance.unmount()}
      />,
    );
    instance.waitUntilExit().then(() => {
      if (answer === undefined)
        return reject(new CliError('Cancelled.', { exitCode: EXIT.cancelled }));
      resolve(answer);
    }, reject);
  });
}
