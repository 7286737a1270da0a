/**
 * What each company event carries, as schemas: apart from events.ts (the catalogue the console
 * reads on every page), so the catalogue does not bring the view schemas and zod with it.
 */
import { z } from 'zod';
import { contactListItemView } from './views/contact-lists.js';
import { contactView } from './views/contacts.js';
import { chatMessageView } from './views/messages.js';
import { scheduleView } from './views/schedules.js';
import { ticketContactView, ticketView } from './views/tickets.js';
import type { CompanyEventEntity } from './events.js';

/**
 * The views each entity's events carry beside `action`, for the policies the api applies to
 * every push on its way out (LGPD hide-number masks the fields declared contactNumberField for
 * every room but the admins'). null: the entity's events carry no view of a contact. Every
 * entity must say which, so a new one cannot push a contact's number unnoticed.
 */
export const COMPANY_EVENT_VIEWS: Record<CompanyEventEntity, z.ZodType | null> = {
  ticket: z.object({ ticket: ticketView }),
  appMessage: z.object({
    message: chatMessageView,
    ticket: ticketView,
    contact: ticketContactView.nullable(),
  }),
  contact: z.object({ contact: contactView }),
  contactListItem: z.object({ record: contactListItemView }),
  schedule: z.object({ schedule: scheduleView }),
  auth: null,
  chat: null,
  user: null,
  // A connection's own number is the company's, not a contact's.
  whatsapp: null,
  whatsappSession: null,
  payment: null,
  queue: null,
  tag: null,
  contactList: null,
  quickmessage: null,
  campaign: null,
  prompt: null,
  queueIntegration: null,
  file: null,
  settings: null,
  announcement: null,
  company: null,
  plan: null,
};
