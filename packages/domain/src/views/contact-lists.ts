import { z } from 'zod';
import { contactNumberField } from '../contacts/mask.js';
import { nullableDate } from './common.js';

/** A contact list with how many items it holds and how many of them campaigns will reach. */
export const contactListView = z.object({
  id: z.number(),
  name: z.string(),
  contactsCount: z.number(),
  /** Items with isWhatsappValid: the only ones a campaign sends to. */
  validContactsCount: z.number(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type ContactListView = z.output<typeof contactListView>;
export type ContactListViewRow = z.input<typeof contactListView>;

/**
 * One recipient of a list. isWhatsappValid: the company's connected channel confirmed the
 * number has an account (the stored number is then the channel's canonical form); campaigns
 * send only to valid items. It stays false while no connected connection can check numbers.
 */
export const contactListItemView = z.object({
  id: z.number(),
  contactListId: z.number(),
  name: z.string(),
  /** Masked like a contact's number (docs/product/tickets.md#who-sees-which-tickets), should a profile user ever be shown items. */
  number: contactNumberField(z.string()),
  email: z.string().nullable(),
  isWhatsappValid: z.boolean(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type ContactListItemView = z.output<typeof contactListItemView>;
export type ContactListItemViewRow = z.input<typeof contactListItemView>;

/**
 * `POST /contact-lists/:id/upload`: what became of each spreadsheet row (row = 1-based data
 * row under the header). skipped: numbers already in the list (or twice in the file) and
 * empty rows; valid: how many created items the channel confirmed.
 */
export const contactListImportReportView = z.object({
  created: z.number(),
  skipped: z.number(),
  valid: z.number(),
  failed: z.array(z.object({ row: z.number(), reason: z.string() })),
});
export type ContactListImportReport = z.output<typeof contactListImportReportView>;
