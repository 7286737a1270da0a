import {
  AppError,
  CONTACT_NUMBER_MESSAGE,
  contactEmail,
  contactName,
  isValidPhoneNumber,
  type ImportContactInput,
  MSG_INVALID_EMAIL,
  MSG_REQUIRED,
} from '@atendo/domain';
import { ContactTagEntity, TagEntity } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import type { CheckedNumber } from './check-number.js';
import { insertContact, isUniqueViolation } from './contact-writes.js';

/** Tags created by an import get this colour until someone picks one. */
const IMPORTED_TAG_COLOR = '#A4CCCC';

/** Tag ids by name, shared by the rows of one import so each tag is looked up once. */
export type TagCache = Map<string, number>;

const invalid = (field: string, message: string) =>
  new AppError('ERR_VALIDATION', { fields: [{ field, message }] });

/** The id of the company's tag `name` (kanban 0), created when missing. */
async function tagId(db: TenantData, name: string, cache: TagCache): Promise<number> {
  const known = cache.get(name);
  if (known) return known;
  const tags = db.of(TagEntity);
  let tag = await tags.findOne({ where: { name, kanban: 0 }, select: { id: true } });
  if (!tag) {
    try {
      tag = await tags.insert({ name, color: IMPORTED_TAG_COLOR, kanban: 0 });
    } catch (err) {
      // Another import created it meanwhile.
      if (!isUniqueViolation(err)) throw err;
      tag = await tags.get({ where: { name, kanban: 0 }, select: { id: true } });
    }
  }
  cache.set(name, tag.id);
  return tag.id;
}

/**
 * One spreadsheet row as a new contact (docs/product/contacts.md#validation): the name as typed, the number with its
 * formatting (spaces, dashes, brackets, '+') dropped, then the contact rules; the tags named
 * in the row (comma or semicolon separated) are linked, missing ones created. With
 * validateContact the number must have a WhatsApp account when the company's connected
 * session was asked (`checked`, and then it is stored as WhatsApp writes it), else be a real
 * phone number (ERR_WAPP_INVALID_CONTACT). Returns the new id.
 */
export async function importRow(
  db: TenantData,
  input: ImportContactInput,
  cache: TagCache = new Map(),
  checked?: CheckedNumber,
): Promise<number> {
  const name = contactName.safeParse(input.name);
  if (!name.success) throw invalid('name', name.error.issues[0]?.message ?? MSG_REQUIRED);
  const number = String(input.number).replace(/[\s()+\-.]/g, '');
  if (!/^\d{8,50}$/.test(number)) throw invalid('number', CONTACT_NUMBER_MESSAGE);
  const email = contactEmail.safeParse(input.email ?? '');
  if (!email.success) throw invalid('email', MSG_INVALID_EMAIL);
  const validate = input.validateContact === true || input.validateContact === 'true';
  // The channel's word when it was asked (a connected session); the number's form otherwise.
  let stored = number;
  if (validate && checked?.checked) {
    if (!checked.isWhatsappValid) throw new AppError('ERR_WAPP_INVALID_CONTACT');
    stored = checked.number;
  } else if (validate && !isValidPhoneNumber(number))
    throw new AppError('ERR_WAPP_INVALID_CONTACT');
  const id = await insertContact(db, { name: name.data, number: stored, email: email.data });
  const names = [
    ...new Set(
      input.tags
        .split(/[,;]/)
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  for (const tag of names.slice(0, 20)) {
    if (tag.length > 250 || tag.includes('\u0000')) continue;
    await db
      .of(ContactTagEntity)
      .upsert({ contactId: id, tagId: await tagId(db, tag, cache) }, ['contactId', 'tagId']);
  }
  return id;
}
