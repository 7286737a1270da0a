import { EntitySchema } from 'typeorm';
import { int, jsonb, primaryId, text, timestamptz, varchar } from './columns.js';

/**
 * A side effect that must not be lost, written in the same transaction as the change that
 * causes it and carried out later by an api process (see events/outbox.ts). Platform-level: the
 * payload names the company, and only the drain, a platform path, reads the table.
 */
export interface OutboxMessage {
  id: number;
  /** What to do, named after the domain event that caused it (`company.deactivated`). */
  topic: string;
  payload: Record<string, unknown>;
  /** Not before this instant: moved forward after a failed attempt (backoff). */
  availableAt: Date;
  attempts: number;
  lastError: string | null;
  /** Set once carried out; done rows are kept a while for inspection, then deleted. */
  doneAt: Date | null;
  /**
   * What makes this side effect one of a kind (`bot.prompt:{companyId}:{messageId}`): a
   * second enqueue with the same key is dropped. Null for side effects without one.
   */
  dedupKey: string | null;
  createdAt: Date;
}

export const OutboxMessageEntity = new EntitySchema<OutboxMessage>({
  name: 'OutboxMessage',
  tableName: 'outbox',
  columns: {
    id: primaryId(),
    topic: varchar(),
    payload: jsonb(),
    availableAt: timestamptz({ default: () => 'now()' }),
    attempts: int({ default: 0 }),
    lastError: text({ nullable: true }),
    doneAt: timestamptz({ nullable: true }),
    dedupKey: varchar({ nullable: true }),
    createdAt: timestamptz({ default: () => 'now()' }),
  },
  // The drain's claim query reads only pending rows, oldest first.
  indices: [
    { name: 'IDX_outbox_pending', columns: ['availableAt'], where: '"doneAt" IS NULL' },
    {
      name: 'UQ_outbox_dedup_key',
      columns: ['dedupKey'],
      unique: true,
      where: '"dedupKey" IS NOT NULL',
    },
  ],
});
