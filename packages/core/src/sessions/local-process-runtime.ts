import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logger.js';
import type { SessionRuntime, SessionStart, SessionTarget } from './session-runtime.js';

/**
 * What a session process inherits from the api's environment. Nothing else: the api's
 * JWT_SECRET, INTERNAL_TOKEN and DATABASE_URL must never reach a process that speaks to the
 * outside world on one company's behalf. A session learns everything else from its own
 * variables and the internal api.
 */
export const INHERITED_SESSION_ENV = ['PATH', 'NODE_OPTIONS'] as const;

/** The environment of one session process: the allowlist above plus its own variables. */
export function sessionEnvironment(
  parent: NodeJS.ProcessEnv,
  own: Record<string, string>,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of INHERITED_SESSION_ENV) if (parent[key] !== undefined) env[key] = parent[key];
  return { ...env, ...own };
}

interface Running {
  child: ChildProcess | null;
  wanted: boolean;
  restarts: number;
  timer?: NodeJS.Timeout;
}

export interface LocalRuntimeOptions {
  /** The session program: a .ts file (run through tsx), a .js/.mjs file, or any executable. */
  entry: string;
  apiUrl: string;
  /** Issues the per-connection token the session uses on the internal api. */
  issueToken: (connectionId: number) => Promise<string>;
  logger: Logger;
  /**
   * Where each session keeps the inbound events the api has not taken yet (one folder per
   * connection under it): inside the data directory, so they outlive a restart of the machine
   * and two installations never share one. Unset: the session's default (the system's tmp).
   */
  spoolRoot?: string;
}

/**
 * Sessions as child processes of the api (the embedded default): one process per connection,
 * restarted with backoff when it dies, stopped on request. One crashing session never takes
 * the others down.
 */
export class LocalProcessRuntime implements SessionRuntime {
  readonly kind = 'local' as const;
  private readonly sessions = new Map<number, Running>();

  constructor(private readonly o: LocalRuntimeOptions) {}

  /** Whether the session program (SESSION_ENTRY: its bundle, or its sources) is there. */
  available(): boolean {
    return fs.existsSync(this.o.entry);
  }

  /** The pid of a connection's session process, if one runs. */
  pidOf(connectionId: number): number | undefined {
    return this.sessions.get(connectionId)?.child?.pid;
  }

  private async spawnFor(t: SessionTarget, state: Running): Promise<void> {
    if (!state.wanted) return;
    const token = await this.o.issueToken(t.id);
    // TypeScript runs through tsx, JavaScript through this Node, anything else as an executable.
    const node = /\.[cm]?[jt]s$/.test(this.o.entry);
    const [command, args] = this.o.entry.endsWith('.ts')
      ? [process.execPath, ['--import', 'tsx', this.o.entry]]
      : /\.[cm]?js$/.test(this.o.entry)
        ? [process.execPath, [this.o.entry]]
        : [this.o.entry, []];
    const child = spawn(command, args, {
      env: sessionEnvironment(process.env, {
        ATENDO_API_URL: this.o.apiUrl,
        ATENDO_CONNECTION_ID: String(t.id),
        ATENDO_COMPANY_ID: String(t.companyId),
        ATENDO_SESSION_TOKEN: token,
        ...(this.o.spoolRoot
          ? { ATENDO_SPOOL_DIR: path.join(this.o.spoolRoot, `${t.companyId}-${t.id}`) }
          : {}),
      }),
      // A Node child gets an IPC channel only to notice this api's death (the channel closes)
      // and exit: an orphan would hold the WhatsApp link with a token the next api rotates.
      stdio: node ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'inherit', 'inherit'],
    });
    // The channel must not keep this api's event loop alive.
    child.channel?.unref();
    state.child = child;
    this.o.logger.info(
      { companyId: t.companyId, connectionId: t.id, pid: child.pid },
      'session process started',
    );
    child.once('exit', (code, signal) => {
      state.child = null;
      if (!state.wanted) return;
      const delay = Math.min(30_000, 1000 * 2 ** Math.min(state.restarts, 5));
      state.restarts++;
      this.o.logger.warn(
        { companyId: t.companyId, connectionId: t.id, code, signal, delay },
        'session process died; restarting',
      );
      state.timer = setTimeout(() => void this.spawnFor(t, state).catch(() => {}), delay);
      state.timer.unref();
    });
  }

  async start(t: SessionTarget): Promise<SessionStart> {
    if (!this.available()) {
      this.o.logger.warn(
        { connectionId: t.id, entry: this.o.entry },
        'session program not found; the connection stays disconnected',
      );
      return { started: false, resourceName: null };
    }
    const state = this.sessions.get(t.id) ?? { child: null, wanted: true, restarts: 0 };
    state.wanted = true;
    this.sessions.set(t.id, state);
    if (!state.child) await this.spawnFor(t, state);
    return { started: true, resourceName: null };
  }

  private async kill(id: number): Promise<void> {
    const state = this.sessions.get(id);
    if (!state) return;
    state.wanted = false;
    clearTimeout(state.timer);
    const child = state.child;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    }
  }

  async stop(t: SessionTarget): Promise<void> {
    await this.kill(t.id);
  }

  async remove(t: SessionTarget): Promise<void> {
    await this.kill(t.id);
    this.sessions.delete(t.id);
  }

  async close(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.kill(id)));
  }
}
