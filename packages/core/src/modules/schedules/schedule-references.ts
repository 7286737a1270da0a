import { AppError, isAdministrator } from '@atendo/domain';
import { ContactEntity, QueueEntity, UserEntity, WhatsappEntity } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';

/** The references a schedule's save may set (undefined: unchanged; null: cleared). */
export interface ScheduleReferences {
  contactId?: number;
  whatsappId?: number | null;
  userId?: number | null;
  ticketUserId?: number | null;
  queueId?: number | null;
}

/**
 * Refuses a reference to a row the company does not hold (another company's contact,
 * connection, user or queue is not found, exactly like a missing one), and returns the author
 * to store: a profile user's schedules are always their own; an admin may name another user.
 */
export async function checkScheduleReferences(
  db: TenantData,
  auth: Principal,
  r: ScheduleReferences,
): Promise<{ userId: number | undefined }> {
  const checks: [number | null | undefined, () => Promise<boolean>, Parameters<typeof fail>[0]][] =
    [
      [
        r.contactId,
        () => db.of(ContactEntity).exists({ id: r.contactId! }),
        'ERR_NO_CONTACT_FOUND',
      ],
      [
        r.whatsappId,
        () => db.of(WhatsappEntity).exists({ id: r.whatsappId! }),
        'ERR_NO_WAPP_FOUND',
      ],
      [r.queueId, () => db.of(QueueEntity).exists({ id: r.queueId! }), 'ERR_QUEUE_NOT_FOUND'],
      [
        r.ticketUserId,
        () => db.of(UserEntity).exists({ id: r.ticketUserId! }),
        'ERR_NO_USER_FOUND',
      ],
    ];
  for (const [id, exists, code] of checks) if (id && !(await exists())) fail(code);
  if (!isAdministrator(auth)) return { userId: auth.userId };
  if (r.userId && !(await db.of(UserEntity).exists({ id: r.userId }))) fail('ERR_NO_USER_FOUND');
  return { userId: r.userId ?? undefined };
}

function fail(
  code: 'ERR_NO_CONTACT_FOUND' | 'ERR_NO_WAPP_FOUND' | 'ERR_QUEUE_NOT_FOUND' | 'ERR_NO_USER_FOUND',
): never {
  throw new AppError(code);
}
