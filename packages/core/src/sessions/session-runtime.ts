/**
 * The one seam between the api and where sessions run (docs/architecture.md): child processes on this
 * machine, or Connection resources that the operator turns into session pods. Only channels
 * with a long-lived socket (WhatsApp through Baileys) have a session.
 */

/** What a runtime needs to know about a connection. */
export interface SessionTarget {
  id: number;
  companyId: number;
  name: string;
  channel: string;
  /** The Connection resource's name once one exists (Kubernetes). */
  resourceName: string | null;
  /** The Company resource's name, when the tenant is managed on Kubernetes. */
  companyResourceName: string | null;
}

export interface SessionStart {
  started: boolean;
  resourceName: string | null;
}

export interface SessionRuntime {
  readonly kind: 'local' | 'kubernetes' | 'none';
  /**
   * Makes the session run (creating what it needs). Says whether anything was started and
   * which resource name it uses, if any.
   */
  start(target: SessionTarget): Promise<SessionStart>;
  /** Stops the session but keeps what defines it (a suspended Connection, no process). */
  stop(target: SessionTarget): Promise<void>;
  /** Removes everything of the session. */
  remove(target: SessionTarget): Promise<void>;
  close(): Promise<void>;
}

/** True for channels whose session is a long-lived process (Baileys). */
export function hasSession(channel: string): boolean {
  return channel === 'whatsapp';
}

/** The Connection resource name of a connection: DNS-1123, unique per company and id. */
export function connectionResourceName(t: Pick<SessionTarget, 'companyId' | 'id'>): string {
  return `conn-${t.companyId}-${t.id}`;
}

/** A runtime that runs nothing (SESSION_RUNTIME=none: api-only deployments and tests). */
export class NoSessionRuntime implements SessionRuntime {
  readonly kind = 'none' as const;
  async start(): Promise<SessionStart> {
    return { started: false, resourceName: null };
  }
  async stop(): Promise<void> {}
  async remove(): Promise<void> {}
  async close(): Promise<void> {}
}
