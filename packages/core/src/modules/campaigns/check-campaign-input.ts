import { AppError, type FieldIssue, MSG_REQUIRED } from '@atendo/domain';
import {
  ContactListEntity,
  QueueEntity,
  TagEntity,
  UserEntity,
  WhatsappEntity,
  type Campaign,
} from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';

/** The campaign columns the dialog writes. */
export type CampaignFields = Pick<
  Campaign,
  | 'name'
  | 'message1'
  | 'message2'
  | 'message3'
  | 'message4'
  | 'message5'
  | 'confirmationMessage1'
  | 'confirmationMessage2'
  | 'confirmationMessage3'
  | 'confirmationMessage4'
  | 'confirmationMessage5'
  | 'confirmation'
  | 'scheduledAt'
  | 'contactListId'
  | 'tagListId'
  | 'whatsappId'
  | 'userId'
  | 'queueId'
  | 'openTicket'
  | 'statusTicket'
>;

export const CAMPAIGN_FIELD_NAMES: (keyof CampaignFields)[] = [
  'name',
  'message1',
  'message2',
  'message3',
  'message4',
  'message5',
  'confirmationMessage1',
  'confirmationMessage2',
  'confirmationMessage3',
  'confirmationMessage4',
  'confirmationMessage5',
  'confirmation',
  'scheduledAt',
  'contactListId',
  'tagListId',
  'whatsappId',
  'userId',
  'queueId',
  'openTicket',
  'statusTicket',
];

const MESSAGES = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;
const CONFIRMATIONS = [
  'confirmationMessage1',
  'confirmationMessage2',
  'confirmationMessage3',
  'confirmationMessage4',
  'confirmationMessage5',
] as const;

const filled = (s: string | null | undefined) => Boolean(s && s.trim());

/**
 * The campaign rules that need other rows (docs/product/campaigns.md#validation): a connection of the company, a list or
 * a tag of the company (not both), a queue whenever a user is chosen, and, for a campaign that
 * is scheduled, recipients and something to send. While openTicket is disabled the user, the
 * queue and the ticket status are not kept (the dialog disables them). Empty messages are
 * stored as null. Returns the fields to store, or throws ERR_VALIDATION naming every field.
 */
export async function checkCampaignInput(
  db: TenantData,
  input: CampaignFields,
): Promise<CampaignFields> {
  const f: CampaignFields = { ...input };
  for (const k of [...MESSAGES, ...CONFIRMATIONS]) f[k] = filled(f[k]) ? f[k] : null;
  if (f.openTicket !== 'enabled') {
    f.openTicket = 'disabled';
    f.userId = null;
    f.queueId = null;
    f.statusTicket = 'closed';
  }

  const issues: FieldIssue[] = [];
  const issue = (field: string, message: string) => issues.push({ field, message });
  if (f.whatsappId === null) issue('whatsappId', MSG_REQUIRED);
  if (f.contactListId !== null && f.tagListId !== null)
    issue('tagListId', 'Choose a contact list or a tag, not both');
  if (f.userId !== null && f.queueId === null) issue('queueId', MSG_REQUIRED);
  if (f.scheduledAt) {
    if (f.contactListId === null && f.tagListId === null) issue('contactListId', MSG_REQUIRED);
    if (!MESSAGES.some((k) => filled(f[k]))) issue('message1', MSG_REQUIRED);
    if (f.confirmation && !CONFIRMATIONS.some((k) => filled(f[k])))
      issue('confirmationMessage1', MSG_REQUIRED);
  }
  // Looked up at once, reported in the dialog's field order.
  const refs: [keyof CampaignFields, number | null, (id: number) => Promise<boolean>][] = [
    ['whatsappId', f.whatsappId, (id) => db.of(WhatsappEntity).exists({ id })],
    ['contactListId', f.contactListId, (id) => db.of(ContactListEntity).exists({ id })],
    ['tagListId', f.tagListId, (id) => db.of(TagEntity).exists({ id })],
    ['userId', f.userId, (id) => db.of(UserEntity).exists({ id })],
    ['queueId', f.queueId, (id) => db.of(QueueEntity).exists({ id })],
  ];
  const found = await Promise.all(refs.map(([, id, exists]) => (id === null ? true : exists(id))));
  refs.forEach(([field], n) => {
    if (!found[n]) issue(field, 'Not found');
  });
  if (issues.length) throw new AppError('ERR_VALIDATION', { fields: issues });
  return f;
}
