import { createScheduleSchema, type CreateScheduleInput, type ScheduleView } from '@atendo/domain';
import { addHours, format } from 'date-fns';
import { z } from 'zod';
import { translateValidation } from '@/lib/validation';

/** A contact as the picker shows it. */
export interface PickedContact {
  id: number;
  name: string;
}

/** The schedule modal's fields as its inputs hold them (selects and numbers as text). */
export interface ScheduleFormValues {
  contact: PickedContact | null;
  body: string;
  /** `yyyy-MM-ddTHH:mm` in the browser's time (a datetime-local input). */
  sendAt: string;
  whatsappId: string;
  openTicket: boolean;
  statusTicket: 'closed' | 'open' | 'pending';
  ticketUserId: string;
  queueId: string;
  assinar: boolean;
  intervalo: string;
  valorIntervalo: string;
  enviarQuantasVezes: string;
  tipoDias: string;
}

/** Attachment extensions a schedule takes (docs/product/schedules.md#limits). */
export const SCHEDULE_ATTACHMENT_TYPES = ['png', 'jpg', 'jpeg', 'pdf', 'xls', 'xlsx', 'gif'];
export const SCHEDULE_ATTACHMENT_ACCEPT = SCHEDULE_ATTACHMENT_TYPES.map((e) => `.${e}`).join(',');

/** Whether `file` is of a type a schedule takes, by its extension. */
export function isScheduleAttachment(file: File): boolean {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  return SCHEDULE_ATTACHMENT_TYPES.includes(ext);
}

/** Variables a schedule's text may hold, replaced when it is sent (docs/product/overview.md#message-variables). */
export const SCHEDULE_VARIABLES = ['firstName', 'name', 'ms', 'protocol', 'date', 'hour'] as const;

const LOCAL_DATETIME = "yyyy-MM-dd'T'HH:mm";

/** A datetime-local value for `date` in the browser's time. */
export const toLocalInput = (date: Date) => format(date, LOCAL_DATETIME);

/**
 * A new schedule (docs/product/schedules.md#limits): sent one hour from now, once, repeating in days, sent normally on
 * non-business days, without opening a ticket.
 */
export function emptyScheduleForm(
  contact: PickedContact | null = null,
  now = new Date(),
): ScheduleFormValues {
  return {
    contact,
    body: '',
    sendAt: toLocalInput(addHours(now, 1)),
    whatsappId: '',
    openTicket: false,
    statusTicket: 'closed',
    ticketUserId: '',
    queueId: '',
    assinar: false,
    intervalo: '1',
    valorIntervalo: '0',
    enviarQuantasVezes: '1',
    tipoDias: '4',
  };
}

const ref = (v: number | null) => (v ? String(v) : '');

/** The modal's fields for a stored schedule. */
export function scheduleFormOf(s: ScheduleView): ScheduleFormValues {
  const statusTicket = ['closed', 'open', 'pending'].includes(s.statusTicket)
    ? (s.statusTicket as ScheduleFormValues['statusTicket'])
    : 'closed';
  return {
    contact: s.contact ?? { id: s.contactId, name: '' },
    body: s.body,
    sendAt: toLocalInput(new Date(s.sendAt)),
    whatsappId: ref(s.whatsappId),
    openTicket: s.openTicket === 'enabled',
    statusTicket,
    ticketUserId: ref(s.ticketUserId),
    queueId: ref(s.queueId),
    assinar: s.assinar,
    intervalo: String(s.intervalo || 1),
    valorIntervalo: String(s.valorIntervalo ?? 0),
    enviarQuantasVezes: String(s.enviarQuantasVezes || 1),
    tipoDias: String(s.tipoDias || 4),
  };
}

/**
 * The form as the api's schedule fields: the send time as an ISO instant, selects' '' as none,
 * and the ticket options only when a ticket is opened.
 */
export function scheduleBodyOf(v: ScheduleFormValues): Record<string, unknown> {
  const sendAt = new Date(v.sendAt);
  return {
    contactId: v.contact?.id,
    body: v.body,
    sendAt: Number.isNaN(sendAt.getTime()) ? v.sendAt : sendAt.toISOString(),
    whatsappId: v.whatsappId,
    openTicket: v.openTicket ? 'enabled' : 'disabled',
    statusTicket: v.statusTicket,
    ticketUserId: v.openTicket ? v.ticketUserId : '',
    queueId: v.openTicket ? v.queueId : '',
    assinar: v.assinar,
    intervalo: v.intervalo,
    valorIntervalo: v.valorIntervalo === '' ? 0 : v.valorIntervalo,
    enviarQuantasVezes: v.enviarQuantasVezes === '' ? 1 : v.enviarQuantasVezes,
    tipoDias: v.tipoDias,
  };
}

/** The domain's schedule schema (docs/product/schedules.md#fields, docs/product/schedules.md) over the modal's values. */
export const scheduleFormSchema = z.preprocess(
  (raw: ScheduleFormValues) => scheduleBodyOf(raw),
  createScheduleSchema,
);

export type ScheduleBody = CreateScheduleInput;

/** A schema message as the schedule modal shows it (its own wording, else the forms' texts). */
export function scheduleErrorText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return translateValidation(message, ['scheduleValidation', 'formValidation']);
}
