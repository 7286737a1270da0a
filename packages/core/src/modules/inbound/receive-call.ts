import type { InboundEvent, InboundResult } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import { isOn, readSettings } from '../tickets/ticket-settings.js';
import { receiveMessage } from './receive-message.js';

/**
 * An incoming call (docs/product/companies-plans-billing.md#billing-sweep): logged on the caller's ticket as a call message either
 * way; when the company does not take WhatsApp calls the session rejects it and the caller
 * gets AcceptCallWhatsappMessage. A redelivered call is logged and answered once.
 */
export async function receiveCall(
  ctx: AppContext,
  conn: { companyId: number; whatsappId: number },
  e: Extract<InboundEvent, { type: 'call' }>,
): Promise<InboundResult> {
  const db = tenantData(ctx.ds, conn.companyId);
  const s = await readSettings(db, ['acceptCallWhatsapp', 'AcceptCallWhatsappMessage']);
  const reject = !isOn(s.acceptCallWhatsapp);
  const reply = reject ? s.AcceptCallWhatsappMessage.trim() : '';
  const result = await receiveMessage(
    ctx,
    conn,
    {
      type: 'message',
      wid: `call-${e.callId}`,
      fromMe: false,
      contact: e.from,
      kind: 'call_log',
      body: e.isVideo ? 'Chamada de vídeo' : 'Chamada de voz',
      isForwarded: false,
      timestamp: e.timestamp,
    },
    undefined,
    new Date(),
    reply ? { say: reply } : undefined,
  );
  return { ...result, rejectCall: reject };
}
