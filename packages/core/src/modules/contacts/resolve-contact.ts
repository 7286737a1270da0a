import type { InboundIdentity } from '@atendo/domain';
import type { Contact } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import { mergeLidContacts, type LidMerge } from './merge-contacts.js';

/** The contact channel of a connection channel: Cloud API and Baileys share WhatsApp numbers. */
export const contactChannelOf = (channel: string): string =>
  channel === 'whatsappapi' ? 'whatsapp' : channel;

export const CONTACT_COLUMNS = `id, "companyId", name, number, email, "profilePicUrl", "urlPicture", "isGroup",
  "disableBot", "acceptAudioMessage", active, channel, "lgpdAcceptedAt", "whatsappId", "remoteJid", lid,
  "createdAt", "updatedAt"`;

/**
 * Finds or creates the contact behind an identity, in one statement (docs/product/inbound.md#contact). A LID and
 * a phone number of the same person are one contact: the pair is remembered in lid_mappings,
 * a LID alone is looked up there, and a contact's number is never a LID (a contact known only
 * by its LID has no number until WhatsApp tells us which one it is). Once the pair is known,
 * a contact known only by the LID is merged into the number's (mergeLidContacts); `onMerge`
 * hears of it, for its live updates after commit.
 */
export async function resolveContact(
  tx: TenantData,
  o: {
    identity: InboundIdentity;
    channel: string;
    whatsappId: number;
    isGroup: boolean;
    /** A group's subject, or the sender's push name. */
    name?: string | null;
    /** Told when the identity merged contacts (what to publish once the transaction commits). */
    onMerge?: (merge: LidMerge) => void;
  },
): Promise<Contact | null> {
  const channel = contactChannelOf(o.channel);
  const id = o.identity;
  let number = id.number ?? id.platformId ?? null;
  const lid = id.lid ?? null;
  let merge: LidMerge | null = null;
  if (lid && number && channel === 'whatsapp') merge = await rememberLid(tx, lid, number);
  else if (lid && !number) {
    const [mapped] = await tx.query<{ number: string }>(
      `SELECT number FROM lid_mappings WHERE "companyId" = $1 AND lid = $2`,
      [tx.companyId, lid],
    );
    number = mapped?.number ?? null;
    // A contact the LID left behind before its number was known (or before merges existed).
    if (number && channel === 'whatsapp') merge = await mergeLidContacts(tx, lid, number);
  }
  if (merge) o.onMerge?.(merge);
  const name = (o.name ?? id.name ?? '').trim() || number || lid || '';
  if (!number) {
    if (!lid) return null;
    // Known only by its LID: the contact that carries that LID, or a new one without a number.
    const [found] = await tx.query<Contact>(
      `SELECT ${CONTACT_COLUMNS} FROM contacts WHERE "companyId" = $1 AND channel = $2 AND lid = $3
        ORDER BY id LIMIT 1`,
      [tx.companyId, channel, lid],
    );
    if (found) return found;
    const [created] = await tx.query<Contact>(
      `INSERT INTO contacts ("companyId", name, number, channel, lid, "whatsappId", "isGroup", "profilePicUrl")
       VALUES ($1, $2, NULL, $3, $4, $5, false, $6) RETURNING ${CONTACT_COLUMNS}`,
      [tx.companyId, name, channel, lid, o.whatsappId, id.profilePicUrl ?? null],
    );
    return created!;
  }
  // The name a person gave themselves replaces a name that was only their number; a name
  // typed by an attendant is kept.
  const [contact] = await tx.prepared<Contact>(
    'inbound-contact-upsert',
    `INSERT INTO contacts ("companyId", name, number, channel, lid, "whatsappId", "isGroup", "profilePicUrl")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT ("companyId", number, channel) DO UPDATE SET
       name = CASE WHEN contacts.name = contacts.number OR contacts.name = '' THEN EXCLUDED.name
                   WHEN contacts."isGroup" AND EXCLUDED.name <> EXCLUDED.number THEN EXCLUDED.name
                   ELSE contacts.name END,
       lid = COALESCE(EXCLUDED.lid, contacts.lid),
       "whatsappId" = COALESCE(contacts."whatsappId", EXCLUDED."whatsappId"),
       "profilePicUrl" = COALESCE(EXCLUDED."profilePicUrl", contacts."profilePicUrl"),
       "updatedAt" = CASE WHEN contacts.name = EXCLUDED.name
                           AND contacts.lid IS NOT DISTINCT FROM COALESCE(EXCLUDED.lid, contacts.lid)
                          THEN contacts."updatedAt" ELSE now() END
     RETURNING ${CONTACT_COLUMNS}`,
    [tx.companyId, name, number, channel, lid, o.whatsappId, o.isGroup, id.profilePicUrl ?? null],
  );
  return contact!;
}

/**
 * Remembers that a LID is a phone number, and makes the person one contact: a contact known
 * only by that LID gets the number, or, when another contact has the number already, is
 * merged into that one, which gets the LID (mergeLidContacts). Answers what the merge
 * changed, null when nothing did.
 */
export async function rememberLid(
  tx: TenantData,
  lid: string,
  number: string,
): Promise<LidMerge | null> {
  await tx.query(
    `INSERT INTO lid_mappings ("companyId", lid, number) VALUES ($1, $2, $3)
     ON CONFLICT ("companyId", lid) DO UPDATE SET number = EXCLUDED.number, "updatedAt" = now()
       WHERE lid_mappings.number <> EXCLUDED.number`,
    [tx.companyId, lid, number],
  );
  return mergeLidContacts(tx, lid, number);
}
