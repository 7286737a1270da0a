import {
  campaignName,
  CAMPAIGN_TICKET_STATUSES,
  type CampaignView,
  type createCampaignSchema,
} from '@atendo/domain';
import { format } from 'date-fns';
import { z } from 'zod';

/** Message slots of a campaign: 5 messages and 5 confirmation messages (docs/product/campaigns.md#validation). */
export const SLOTS = [1, 2, 3, 4, 5] as const;
export type Slot = (typeof SLOTS)[number];

const text = z.string();

/**
 * The campaign dialog's form (docs/product/campaigns.md Campaign dialog, docs/product/campaigns.md#validation): name 2-50, a connection, and a
 * queue whenever a user is chosen for the tickets the campaign opens. Selects hold ids as text.
 */
export const campaignFormSchema = z
  .object({
    name: campaignName,
    whatsappId: text.min(1, 'Required'),
    contactListId: text,
    tagListId: text,
    confirmation: z.boolean(),
    scheduledAt: text,
    openTicket: z.enum(['enabled', 'disabled']),
    statusTicket: z.enum(CAMPAIGN_TICKET_STATUSES),
    userId: z.number().nullable(),
    queueId: text,
    message1: text,
    message2: text,
    message3: text,
    message4: text,
    message5: text,
    confirmationMessage1: text,
    confirmationMessage2: text,
    confirmationMessage3: text,
    confirmationMessage4: text,
    confirmationMessage5: text,
  })
  .superRefine((v, ctx) => {
    if (v.openTicket === 'enabled' && v.userId !== null && !v.queueId)
      ctx.addIssue({ code: 'custom', path: ['queueId'], message: 'campaignDialog.queueRequired' });
  });
export type CampaignFormValues = z.input<typeof campaignFormSchema>;

/** A datetime-local input's value for an instant (the browser's time zone). */
export function toLocalInput(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, "yyyy-MM-dd'T'HH:mm");
}

/** A new campaign (docs/product/campaigns.md#limits-and-defaults): disabled confirmation and ticket opening, tickets closed. */
export function emptyCampaignForm(): CampaignFormValues {
  return {
    name: '',
    whatsappId: '',
    contactListId: '',
    tagListId: '',
    confirmation: false,
    scheduledAt: '',
    openTicket: 'disabled',
    statusTicket: 'closed',
    userId: null,
    queueId: '',
    ...Object.fromEntries(SLOTS.map((n) => [`message${n}`, ''])),
    ...Object.fromEntries(SLOTS.map((n) => [`confirmationMessage${n}`, ''])),
  } as CampaignFormValues;
}

const idText = (id: number | null | undefined) => (id ? String(id) : '');

/** The form of a stored campaign. */
export function campaignFormOf(c: CampaignView): CampaignFormValues {
  const slots: Record<string, string> = {};
  for (const n of SLOTS) {
    slots[`message${n}`] = c[`message${n}`] ?? '';
    slots[`confirmationMessage${n}`] = c[`confirmationMessage${n}`] ?? '';
  }
  return {
    ...(slots as Pick<CampaignFormValues, `message${Slot}` | `confirmationMessage${Slot}`>),
    name: c.name,
    whatsappId: idText(c.whatsappId),
    contactListId: idText(c.contactListId),
    tagListId: idText(c.tagListId),
    confirmation: c.confirmation,
    scheduledAt: toLocalInput(c.scheduledAt),
    openTicket: c.openTicket,
    statusTicket: (CAMPAIGN_TICKET_STATUSES as readonly string[]).includes(c.statusTicket)
      ? (c.statusTicket as CampaignFormValues['statusTicket'])
      : 'closed',
    userId: c.userId,
    queueId: idText(c.queueId),
  };
}

/** The body of POST and PUT /campaigns. */
export type CampaignBody = z.input<typeof createCampaignSchema>;

const idOrNull = (value: string) => (value ? Number(value) : null);

/** What the api receives for the form: ids as numbers, empty slots as null, time as ISO. */
export function campaignBody(v: CampaignFormValues): CampaignBody {
  const slots: Record<string, string | null> = {};
  for (const n of SLOTS) {
    slots[`message${n}`] = v[`message${n}`].trim() ? v[`message${n}`] : null;
    slots[`confirmationMessage${n}`] = v[`confirmationMessage${n}`].trim()
      ? v[`confirmationMessage${n}`]
      : null;
  }
  return {
    ...slots,
    name: v.name.trim(),
    whatsappId: idOrNull(v.whatsappId),
    contactListId: idOrNull(v.contactListId),
    tagListId: idOrNull(v.tagListId),
    confirmation: v.confirmation,
    scheduledAt: v.scheduledAt ? new Date(v.scheduledAt).toISOString() : null,
    openTicket: v.openTicket,
    statusTicket: v.statusTicket,
    userId: v.userId,
    queueId: idOrNull(v.queueId),
  };
}
