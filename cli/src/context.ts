import { homedir } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { parseEnv, type CliEnv } from './env.js';

/** Where a run reads and writes: the real process streams, or captures in tests. */
export interface CliIO {
  stdout: Writable;
  stderr: Writable;
  stdin?: Readable;
  /** The environment; the bin passes process.env. */
  env: Record<string, string | undefined>;
  /** A person at a terminal: spinners are shown and missing values are prompted for. */
  isTTY: boolean;
  /** Stdout is a terminal that shows colours; defaults to isTTY. */
  color?: boolean;
}

/** Everything a command needs besides its own options. */
export interface CliContext {
  stdout: Writable;
  stderr: Writable;
  stdin?: Readable;
  env: CliEnv;
  /** Prompts and spinners allowed (a TTY on both ends). */
  interactive: boolean;
  /** ANSI styles allowed on output. */
  color: boolean;
  /** Width to lay out boxes in. */
  columns: number;
  /** Directory of the CLI's own files (credentials). */
  configDir: string;
}

/** Builds the context of one run; parses the environment (throws on bad values). */
export function createContext(io: CliIO): CliContext {
  const env = parseEnv(io.env);
  const streamColumns = (io.stdout as Writable & { columns?: number }).columns;
  const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0';
  const configHome = env.XDG_CONFIG_HOME ?? `${env.HOME ?? homedir()}/.config`;
  return {
    stdout: io.stdout,
    stderr: io.stderr,
    stdin: io.stdin,
    env,
    interactive: io.isTTY,
    color: env.NO_COLOR === undefined && (forced || (io.color ?? io.isTTY)),
    columns: streamColumns ?? env.COLUMNS ?? 80,
    configDir: `${configHome}/atendo`,
  };
}
