import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import type { CliIO } from '../context.js';

/** A writable stream that keeps what is written to it. */
export interface Capture {
  stream: PassThrough;
  /** Everything written so far, without ANSI styles. */
  text(): string;
}

/** Captures a stream's output for assertions. */
export function capture(): Capture {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer | string) => chunks.push(chunk.toString()));
  return { stream, text: () => stripVTControlCharacters(chunks.join('')) };
}

/** Stdout and stderr captures plus an io to run the CLI with (no TTY unless told). */
export function captureIO(
  options: { env?: Record<string, string | undefined>; isTTY?: boolean } = {},
) {
  const out = capture();
  const err = capture();
  const io: CliIO = {
    stdout: out.stream,
    stderr: err.stream,
    env: options.env ?? {},
    isTTY: options.isTTY ?? false,
  };
  return { io, stdout: out.text, stderr: err.text };
}

/** A stdin that looks like a terminal to Ink (raw mode is a no-op). */
export function fakeTTYInput() {
  const stream = new PassThrough() as PassThrough & {
    isTTY: boolean;
    setRawMode: (on: boolean) => void;
    ref: () => void;
    unref: () => void;
  };
  stream.isTTY = true;
  stream.setRawMode = () => undefined;
  stream.ref = () => undefined;
  stream.unref = () => undefined;
  return stream;
}
