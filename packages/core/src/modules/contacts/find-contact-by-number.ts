import {
  AppError,
  isAppError,
  normaliseContactNumber,
  type ContactProfileRow,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { contactViewsSql, type ContactRow } from './contact-view.js';
import { connectedSession } from './import-phone-contacts.js';

/** The company's contact with one of these numbers (WhatsApp ones first). */
async function storedContact(db: TenantData, numbers: string[]): Promise<ContactRow | null> {
  const [row] = await db.query<ContactRow>(
    contactViewsSql(
      'c."companyId" = $1 AND c.number = ANY($2::text[])',
      `ORDER BY (c.channel = 'whatsapp') DESC, c.id LIMIT 1`,
    ),
    [db.companyId, [...new Set(numbers)]],
  );
  return row ?? null;
}

/**
 * `GET /contacts/profile/:number`. With a connected WhatsApp session (the default one first)
 * the number is checked on WhatsApp, which gives its canonical form (Brazil's ninth digit) —
 * one without an account is ERR_WAPP_INVALID_CONTACT — and its current profile picture, kept
 * on the stored contact when it changed. Without a session (or with one whose process is gone),
 * the stored contact answers (its stored picture), and a number the company does not know is
 * ERR_NO_CONTACT_FOUND.
 */
export async function findContactByNumber(
  ctx: AppContext,
  o: { auth: Principal; number: string },
): Promise<ContactProfileRow> {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const typed = [o.number, normaliseContactNumber(o.number)];
  const stored = async (): Promise<ContactProfileRow> => {
    const contact = await storedContact(db, typed);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    return {
      contactId: contact.id,
      number: contact.number ?? o.number,
      profilePicUrl: contact.profilePicUrl,
      source: 'stored',
      contact,
    };
  };
  const whatsappId = await connectedSession(db);
  const adapter = ctx.channels.for('whatsapp');
  if (!whatsappId || !adapter.checkNumber || !adapter.profilePicture) return stored();
  const at = { companyId: db.companyId, whatsappId };
  let number: string;
  let picture: string | null;
  try {
    const check = await adapter.checkNumber({ ...at, number: normaliseContactNumber(o.number) });
    if (!check.exists) throw new AppError('ERR_WAPP_INVALID_CONTACT');
    number = check.number ?? normaliseContactNumber(o.number);
    picture = await adapter.profilePicture({ ...at, number });
  } catch (err) {
    // A session marked connected whose process is gone answers as no session does.
    if (isAppError(err) && err.code === 'ERR_WAPP_NOT_INITIALIZED') return stored();
    throw err;
  }
  let contact = await storedContact(db, [...typed, number, normaliseContactNumber(number)]);
  if (contact && picture && contact.profilePicUrl !== picture) {
    await db.query(
      `UPDATE contacts SET "profilePicUrl" = $3, "updatedAt" = now()
        WHERE "companyId" = $1 AND id = $2`,
      [db.companyId, contact.id, picture],
    );
    contact = { ...contact, profilePicUrl: picture };
  }
  return {
    contactId: contact?.id ?? 0,
    number,
    profilePicUrl: picture ?? contact?.profilePicUrl ?? null,
    source: 'channel',
    contact,
  };
}
