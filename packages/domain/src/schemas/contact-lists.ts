import { z } from 'zod';
import {
  MSG_INVALID_CHARACTERS,
  MSG_INVALID_EMAIL,
  MSG_REQUIRED,
  MSG_TOO_LONG,
  MSG_TOO_SHORT,
} from './validation-messages.js';
import { CONTACT_NUMBER_MESSAGE } from '../contacts/number.js';
import { idParam, pageQuery } from './common.js';

/** Text PostgreSQL can store (no NUL characters). */
const storable = (s: string) => !s.includes('\u0000');

/** A contact list's name: required, 2 to 50 characters (docs/product/campaigns.md#validation). */
export const contactListName = z
  .string({ error: MSG_REQUIRED })
  .trim()
  .min(2, MSG_TOO_SHORT)
  .max(50, MSG_TOO_LONG)
  .refine(storable, MSG_INVALID_CHARACTERS);

export const createContactListSchema = z.object({ name: contactListName });
export type CreateContactListInput = z.infer<typeof createContactListSchema>;

export const updateContactListSchema = z.object({ name: contactListName });
export type UpdateContactListInput = z.infer<typeof updateContactListSchema>;

/** `GET /contact-lists`: searched by name, 20 a page. */
export const contactListPageQuery = pageQuery;

/** A list item's name: required, 2 to 50 characters (docs/product/campaigns.md#validation). */
export const contactListItemName = contactListName;

/**
 * A list item's number: 8 to 50 digits once its mask (spaces, dashes, brackets, dots, '+') is
 * dropped (docs/product/campaigns.md#validation); stored normalised as contacts are (country code, no mask).
 */
export const contactListItemNumber = z
  .string({ error: MSG_REQUIRED })
  .transform((s) => s.replace(/[\s()+\-.]/g, ''))
  .refine((s) => /^\d{8,50}$/.test(s), CONTACT_NUMBER_MESSAGE);

/** Email: valid or empty (docs/product/users-and-auth.md#validation 'Invalid email'); empty means none. */
export const contactListItemEmail = z
  .string()
  .trim()
  .max(250, MSG_TOO_LONG)
  .refine((s) => s === '' || z.email().safeParse(s).success, MSG_INVALID_EMAIL);

export const createContactListItemSchema = z.object({
  contactListId: idParam,
  name: contactListItemName,
  number: contactListItemNumber,
  email: contactListItemEmail.nullable().optional(),
});
export type CreateContactListItemInput = z.infer<typeof createContactListItemSchema>;

/** `PUT /contact-list-items/:id`: the item stays in its list. */
export const updateContactListItemSchema = z.object({
  name: contactListItemName.optional(),
  number: contactListItemNumber.optional(),
  email: contactListItemEmail.nullable().optional(),
});
export type UpdateContactListItemInput = z.infer<typeof updateContactListItemSchema>;

/** `GET /contact-list-items`: one list's items, searched by name, number or email. */
export const contactListItemPageQuery = pageQuery.extend({ contactListId: idParam });
