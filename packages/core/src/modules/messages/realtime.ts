import type { AppContext } from '../../context.js';
import { resumePendingSends } from './resume-pending-sends.js';

/**
 * A session that reports itself connected again takes the sends its connection owes: those
 * stored while it was down (or dead mid-send), which the sender's retries gave up on
 * (docs/product/messages.md#delivery).
 */
export function registerMessageListeners(ctx: AppContext): void {
  const running = new Set<number>();
  ctx.events.on('whatsapp.session_changed', async ({ companyId, whatsapp }) => {
    if (whatsapp.status !== 'CONNECTED' || running.has(whatsapp.id)) return;
    running.add(whatsapp.id);
    try {
      const n = await resumePendingSends(ctx, { olderThanMs: 0, whatsappId: whatsapp.id });
      if (n)
        ctx.logger.info({ companyId, whatsappId: whatsapp.id, sent: n }, 'pending sends resumed');
    } finally {
      running.delete(whatsapp.id);
    }
  });
}
