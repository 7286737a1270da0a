import { z } from 'zod';
import { contactNumberField } from '../contacts/mask.js';
import { nullableDate } from './common.js';

export const contactTagView = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string().nullable(),
});
export const contactExtraInfoView = z.object({
  id: z.number(),
  name: z.string(),
  value: z.string().nullable(),
});

/** A contact as lists, the modal and the drawer read it (docs/product/contacts.md#fields). */
export const contactView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  /** Masked ('*********4321') for profile users under LGPD hide-number. */
  number: contactNumberField(z.string().nullable()),
  email: z.string().nullable(),
  profilePicUrl: z.string().nullable(),
  urlPicture: z.string().nullable(),
  isGroup: z.boolean(),
  disableBot: z.boolean(),
  acceptAudioMessage: z.boolean(),
  active: z.boolean(),
  channel: z.string(),
  lgpdAcceptedAt: nullableDate,
  whatsappId: z.number().nullable(),
  /** The origin connection (its name is the list's connection column). */
  whatsapp: z.object({ id: z.number(), name: z.string(), channel: z.string() }).nullable(),
  tags: z.array(contactTagView),
  extraInfo: z.array(contactExtraInfoView),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type ContactView = z.output<typeof contactView>;
/** A contact view as the api builds it (timestamps may still be Date objects). */
export type ContactViewRow = z.input<typeof contactView>;

/**
 * `GET /contacts/profile/:number`: a number as the channel knows it. `contactId` and
 * `profilePicUrl` are what the consoles of this product family read (`contactId` 0: the
 * company has no contact with it); `contact` is the stored contact, when there is one.
 */
export const contactProfileView = z.object({
  contactId: z.number(),
  number: contactNumberField(z.string()),
  profilePicUrl: z.string().nullable(),
  /** Whether the answer comes from the channel (a connected session) or only stored data. */
  source: z.enum(['channel', 'stored']),
  contact: contactView.nullable(),
});
export type ContactProfileView = z.output<typeof contactProfileView>;
/** As the api builds it (timestamps may still be Date objects). */
export type ContactProfileRow = z.input<typeof contactProfileView>;

/** `GET /contacts/list`: every contact of the company, short. */
export const contactRefView = z.object({
  id: z.number(),
  name: z.string(),
  channel: z.string(),
  number: contactNumberField(z.string().nullable()),
});

/** `POST /contacts/upload`: the file's rows for the column mapping (first row = headers). */
export const contactUploadView = z.object({
  fileName: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});

/** `POST /contacts/import`: what became of each row (row = 1-based data row index). */
export const contactImportReportView = z.object({
  created: z.number(),
  skipped: z.number(),
  failed: z.array(z.object({ row: z.number(), reason: z.string() })),
});
export type ContactImportReport = z.output<typeof contactImportReportView>;
