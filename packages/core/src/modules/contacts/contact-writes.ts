import {
  AppError,
  normaliseContactNumber,
  type CreateContactInput,
  type UpdateContactInput,
} from '@atendo/domain';
import {
  ContactCustomFieldEntity,
  ContactEntity,
  WhatsappEntity,
  type Contact,
} from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';

/** True for PostgreSQL's unique violation, however the driver error is wrapped. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  return (e?.driverError?.code ?? e?.code) === '23505';
}

/**
 * The number as stored: WhatsApp numbers of people go through the phone library (country
 * code, no mask); group ids and Facebook/Instagram ids are kept as typed. Empty means none.
 */
export function storedNumber(
  number: string | null | undefined,
  channel: string,
  isGroup: boolean,
): string | null {
  if (!number) return null;
  return channel === 'whatsapp' && !isGroup ? normaliseContactNumber(number) : number;
}

/** Refuses a number another contact of the company already has on the same channel. */
export async function assertNumberFree(
  db: TenantData,
  number: string | null,
  channel: string,
  exceptId?: number,
): Promise<void> {
  if (!number) return;
  const other = await db.of(ContactEntity).findOne({
    where: { number, channel },
    select: { id: true },
  });
  if (other && other.id !== exceptId) throw new AppError('ERR_DUPLICATED_CONTACT');
}

/** A connection id must name one of the company's connections (a foreign key alone would not). */
export async function assertOwnConnection(
  db: TenantData,
  whatsappId: number | null | undefined,
): Promise<void> {
  if (!whatsappId) return;
  if (!(await db.of(WhatsappEntity).exists({ id: whatsappId })))
    throw new AppError('ERR_NO_WAPP_FOUND');
}

/** Runs a write, turning a lost race on (company, number, channel) into ERR_DUPLICATED_CONTACT. */
export async function duplicateSafe<R>(write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('ERR_DUPLICATED_CONTACT');
    throw err;
  }
}

/** Inserts a contact and its extra info in one transaction; returns the new id. */
export async function insertContact(db: TenantData, input: CreateContactInput): Promise<number> {
  const channel = input.channel ?? 'whatsapp';
  const isGroup = input.isGroup ?? false;
  const number = storedNumber(input.number, channel, isGroup);
  await assertNumberFree(db, number, channel);
  await assertOwnConnection(db, input.whatsappId);
  return duplicateSafe(() =>
    db.transaction(async (tx) => {
      const contact = await tx.of(ContactEntity).insert({
        name: input.name,
        number,
        email: input.email || null,
        channel,
        isGroup,
        disableBot: input.disableBot ?? false,
        acceptAudioMessage: input.acceptAudioMessage ?? true,
        active: input.active ?? true,
        whatsappId: input.whatsappId ?? null,
      });
      if (input.extraInfo?.length)
        await tx.of(ContactCustomFieldEntity).insertMany(
          input.extraInfo.map((e) => ({
            contactId: contact.id,
            name: e.name,
            value: e.value ?? null,
          })),
        );
      return contact.id;
    }),
  );
}

/**
 * Makes the contact's extra info exactly `list`: entries with an id of this contact are
 * updated, entries without one are added, the contact's other entries are removed.
 */
async function replaceExtraInfo(
  tx: TenantData,
  contactId: number,
  list: NonNullable<UpdateContactInput['extraInfo']>,
): Promise<void> {
  const fields = tx.of(ContactCustomFieldEntity);
  const existing = await fields.find({ where: { contactId }, select: { id: true } });
  const own = new Set(existing.map((e) => e.id));
  const kept = new Set(list.filter((e) => e.id && own.has(e.id)).map((e) => e.id!));
  for (const e of existing) if (!kept.has(e.id)) await fields.delete({ id: e.id, contactId });
  for (const e of list) {
    if (e.id && kept.has(e.id))
      await fields.update({ id: e.id, contactId }, { name: e.name, value: e.value ?? null });
    else await fields.insert({ contactId, name: e.name, value: e.value ?? null });
  }
}

/** Applies an update to a loaded contact of the company. */
export async function applyContactUpdate(
  db: TenantData,
  contact: Contact,
  input: UpdateContactInput,
): Promise<void> {
  const channel = input.channel ?? contact.channel;
  const isGroup = input.isGroup ?? contact.isGroup;
  const number =
    input.number === undefined ? contact.number : storedNumber(input.number, channel, isGroup);
  if (number !== contact.number || channel !== contact.channel)
    await assertNumberFree(db, number, channel, contact.id);
  if (input.whatsappId !== undefined) await assertOwnConnection(db, input.whatsappId);
  const patch: Partial<Contact> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.number !== undefined) patch.number = number;
  if (input.email !== undefined) patch.email = input.email || null;
  if (input.channel !== undefined) patch.channel = channel;
  if (input.isGroup !== undefined) patch.isGroup = isGroup;
  if (input.disableBot !== undefined) patch.disableBot = input.disableBot;
  if (input.acceptAudioMessage !== undefined) patch.acceptAudioMessage = input.acceptAudioMessage;
  if (input.active !== undefined) patch.active = input.active;
  if (input.whatsappId !== undefined) patch.whatsappId = input.whatsappId;
  await duplicateSafe(() =>
    db.transaction(async (tx) => {
      // Always touched, so updatedAt moves even when only the extra info changed.
      await tx.of(ContactEntity).update({ id: contact.id }, { ...patch, updatedAt: new Date() });
      if (input.extraInfo) await replaceExtraInfo(tx, contact.id, input.extraInfo);
    }),
  );
}
