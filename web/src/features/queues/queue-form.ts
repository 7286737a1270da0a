import {
  createQueueSchema,
  type ChatbotView,
  type CreateQueueInput,
  type QueueView,
} from '@atendo/domain';
import { z } from 'zod';
import { defaultSchedules, schedulesForEdit, type ScheduleRow } from '@/components/schedule-editor';
import { chatbotBodyOf, chatbotFormOf, type ChatbotNodeForm } from './chatbot-editor';

/** The queue dialog's fields as its inputs hold them. */
export interface QueueFormValues {
  name: string;
  color: string;
  orderQueue: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  closeTicket: boolean;
  ativarRoteador: boolean;
  tempoRoteador: string;
  integrationId: string;
  fileListId: string;
  promptId: string;
  schedules: ScheduleRow[];
  chatbots: ChatbotNodeForm[];
}

/** Rotation minutes the dialog offers (docs/product/queues-and-chatbots.md). */
export const ROTATION_MINUTES = [2, 5, 10, 15, 30, 45, 60] as const;

/** A random colour for a new queue, as #RRGGBB. */
export function randomColor(): string {
  return `#${Math.floor(Math.random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')}`;
}

export function emptyQueueForm(): QueueFormValues {
  return {
    name: '',
    color: randomColor(),
    orderQueue: '',
    greetingMessage: '',
    outOfHoursMessage: '',
    closeTicket: false,
    ativarRoteador: false,
    tempoRoteador: '2',
    integrationId: '',
    fileListId: '',
    promptId: '',
    // Queue hours default to every day of the week (docs/product/inbound.md#business-hours Schedule entry).
    schedules: defaultSchedules(),
    chatbots: [],
  };
}

const ref = (v: number | null) => (v ? String(v) : '');

export function queueFormOf(q: QueueView): QueueFormValues {
  return {
    name: q.name,
    color: q.color,
    orderQueue: q.orderQueue === null ? '' : String(q.orderQueue),
    greetingMessage: q.greetingMessage ?? '',
    outOfHoursMessage: q.outOfHoursMessage ?? '',
    closeTicket: q.closeTicket,
    ativarRoteador: q.ativarRoteador,
    tempoRoteador: String(q.tempoRoteador || 2),
    integrationId: ref(q.integrationId),
    fileListId: ref(q.fileListId),
    promptId: ref(q.promptId),
    schedules: schedulesForEdit(q.schedules, defaultSchedules),
    chatbots: chatbotFormOf(q.chatbots as ChatbotView[]),
  };
}

/** The form as the api's queue fields (empty texts as null, selects' '' as none). */
export function queueBodyOf(v: QueueFormValues, withSchedules: boolean): Record<string, unknown> {
  return {
    name: v.name,
    color: v.color,
    orderQueue: v.orderQueue,
    greetingMessage: v.greetingMessage.trim() === '' ? null : v.greetingMessage,
    outOfHoursMessage: v.outOfHoursMessage.trim() === '' ? null : v.outOfHoursMessage,
    closeTicket: v.closeTicket,
    ativarRoteador: v.ativarRoteador,
    tempoRoteador: v.ativarRoteador ? v.tempoRoteador : 0,
    integrationId: v.integrationId,
    fileListId: v.fileListId,
    promptId: v.promptId,
    ...(withSchedules ? { schedules: v.schedules } : {}),
    chatbots: chatbotBodyOf(v.chatbots),
  };
}

/** The domain's queue schema (docs/product/queues-and-chatbots.md Queue) over the form's values. */
export function queueFormSchema(withSchedules: boolean) {
  return z.preprocess((raw: QueueFormValues) => queueBodyOf(raw, withSchedules), createQueueSchema);
}

export type QueueBody = CreateQueueInput;
