import { eventBinding } from '@/lib/realtime/socket-cache';
import { connectionKeys } from './queries';

const lists = [{ queryKey: connectionKeys.lists(), insertAt: 'end' as const }];
const detail = (id: string | number) => connectionKeys.detail(Number(id));

/** `company-{id}-whatsapp`: `{action: update, whatsapp}` (also for a new one) or `{action: delete, whatsappId}`. */
export const connectionSocketBinding = eventBinding({
  entity: 'whatsapp',
  recordField: 'whatsapp',
  idField: 'whatsappId',
  lists,
  detail,
});

/** `company-{id}-whatsappSession`: `{action: update, session}`, a connection's status, QR code or retries. */
export const connectionSessionSocketBinding = eventBinding({
  entity: 'whatsappSession',
  recordField: 'session',
  lists,
  detail,
});
