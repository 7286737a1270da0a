import type {
  SessionRuntime,
  SessionStart,
  SessionTarget,
} from '@atendo/core/sessions/session-runtime.js';

/** A session runtime that records what the api asked of it (the seam's contract, not a session). */
export class RecordingRuntime implements SessionRuntime {
  readonly kind = 'none' as const;
  readonly calls: { op: 'start' | 'stop' | 'remove'; id: number; channel: string }[] = [];
  async start(t: SessionTarget): Promise<SessionStart> {
    this.calls.push({ op: 'start', id: t.id, channel: t.channel });
    return { started: true, resourceName: `conn-${t.companyId}-${t.id}` };
  }
  async stop(t: SessionTarget): Promise<void> {
    this.calls.push({ op: 'stop', id: t.id, channel: t.channel });
  }
  async remove(t: SessionTarget): Promise<void> {
    this.calls.push({ op: 'remove', id: t.id, channel: t.channel });
  }
  async close(): Promise<void> {}
}
