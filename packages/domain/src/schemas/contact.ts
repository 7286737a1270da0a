import { z } from 'zod';
import {
  MSG_COLUMN_MAPPED_TWICE,
  MSG_INVALID_CHARACTERS,
  MSG_INVALID_EMAIL,
  MSG_REQUIRED,
  MSG_TAG_ID_LIST,
  MSG_TOO_LONG,
  MSG_TOO_SHORT,
} from './validation-messages.js';
import { CONTACT_NUMBER_MESSAGE, CONTACT_NUMBER_PATTERN } from '../contacts/number.js';
import { pageQuery } from './common.js';

/** Text PostgreSQL can store (no NUL characters). */
const storable = (s: string) => !s.includes('\u0000');

/** Name: required, 2 to 250 characters (docs/product/contacts.md#validation; the longer of its two readings). */
export const contactName = z
  .string({ error: MSG_REQUIRED })
  .trim()
  .min(2, MSG_TOO_SHORT)
  .max(250, MSG_TOO_LONG)
  .refine(storable, MSG_INVALID_CHARACTERS);

/** Number: optional; when given, digits only, 8 to 50 of them (docs/product/contacts.md#validation). Empty means none. */
export const contactNumber = z
  .string()
  .trim()
  .refine((s) => s === '' || CONTACT_NUMBER_PATTERN.test(s), CONTACT_NUMBER_MESSAGE);

/** Email: valid or empty (docs/product/contacts.md#validation). */
export const contactEmail = z
  .string()
  .trim()
  .max(250, MSG_TOO_LONG)
  .refine((s) => s === '' || z.email().safeParse(s).success, MSG_INVALID_EMAIL);

export const CONTACT_CHANNELS = ['whatsapp', 'instagram', 'facebook'] as const;

/** One extraInfo entry; an id names an existing entry of the contact. */
export const contactExtraInfoInput = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1, MSG_REQUIRED).max(250, MSG_TOO_LONG).refine(storable),
  value: z.string().max(5000, MSG_TOO_LONG).refine(storable).nullable().optional(),
});

/** Fields of the contact modal, shared by create and update. */
const contactFields = {
  number: contactNumber.nullable().optional(),
  email: contactEmail.nullable().optional(),
  channel: z.enum(CONTACT_CHANNELS).optional(),
  isGroup: z.boolean().optional(),
  disableBot: z.boolean().optional(),
  acceptAudioMessage: z.boolean().optional(),
  active: z.boolean().optional(),
  whatsappId: z.number().int().positive().nullable().optional(),
  /** The whole list: entries missing from it are removed (PUT replaces it). */
  extraInfo: z.array(contactExtraInfoInput).max(100).optional(),
};

export const createContactSchema = z.object({ name: contactName, ...contactFields });
export type CreateContactInput = z.infer<typeof createContactSchema>;

export const updateContactSchema = z.object({ name: contactName.optional(), ...contactFields });
export type UpdateContactInput = z.infer<typeof updateContactSchema>;

/** `PUT /contacts/block/:id`. */
export const blockContactSchema = z.object({ active: z.boolean() });

/** A JSON list of tag ids in a query string (`contactTag=[1,2]`); junk is refused. */
const tagIdList = z
  .string()
  .max(2000)
  .transform((s, ctx) => {
    try {
      const ids = z
        .array(z.number().int().positive().max(2_147_483_647))
        .max(100)
        .parse(JSON.parse(s));
      return ids;
    } catch {
      ctx.addIssue({ code: 'custom', message: MSG_TAG_ID_LIST });
      return z.NEVER;
    }
  });

const queryBool = z.enum(['true', 'false']).transform((v) => v === 'true');

/** `GET /contacts`: searched by name, number or email, filtered by tags, channel and kind. */
export const contactPageQuery = pageQuery.extend({
  contactTag: tagIdList.optional(),
  channel: z.enum(CONTACT_CHANNELS).optional(),
  isGroup: queryBool.optional(),
});

/** `GET /contacts/list`: the company's contacts; companyId is accepted and ignored (own company). */
export const contactListQuery = z.object({ companyId: z.coerce.number().int().optional() });

/** `GET /contacts/profile/:number`. */
export const contactProfileParams = z.object({
  number: z.string().regex(/^\d{1,50}$/, CONTACT_NUMBER_MESSAGE),
});

/** One row to import (`POST /contactsImport`): the mapping's targets, all as text. */
export const importContactSchema = z.object({
  name: z.string().max(250).optional().default(''),
  number: z
    .union([z.string().max(60), z.number()])
    .optional()
    .default(''),
  email: z.string().max(250).optional().default(''),
  /** Tag names separated by commas or semicolons; missing ones are created. */
  tags: z.string().max(2000).optional().default(''),
  /** 'true' checks that the number is a real phone number before creating. */
  validateContact: z
    .union([z.enum(['true', 'false']), z.boolean()])
    .optional()
    .default('false'),
});
export type ImportContactInput = z.infer<typeof importContactSchema>;

/** The targets a spreadsheet column can map to. */
export const CONTACT_IMPORT_TARGETS = ['name', 'number', 'email', 'tags'] as const;
export type ContactImportTarget = (typeof CONTACT_IMPORT_TARGETS)[number];

/**
 * `POST /contacts/import`: rows as parsed by `POST /contacts/upload`, and which column feeds
 * which target (one column per target; name and number are required).
 */
export const importContactsSchema = z.object({
  rows: z
    .array(z.array(z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])).max(200))
    .max(10_000),
  mapping: z
    .object({
      name: z.number().int().min(0).max(199),
      number: z.number().int().min(0).max(199),
      email: z.number().int().min(0).max(199).nullable().optional(),
      tags: z.number().int().min(0).max(199).nullable().optional(),
    })
    .refine(
      (m) => {
        const used = [m.name, m.number, m.email, m.tags].filter(
          (c) => c !== null && c !== undefined,
        );
        return new Set(used).size === used.length;
      },
      { message: MSG_COLUMN_MAPPED_TWICE, path: ['mapping'] },
    ),
  validateContact: z.boolean().optional().default(false),
});
export type ImportContactsInput = z.infer<typeof importContactsSchema>;
