import type { AppContext } from '../../context.js';
import type { BaileysAuth, Whatsapp } from '../../db/entities/index.js';

/** Clears a connection's WhatsApp login: stored auth state, QR, retries. */
export async function forgetSession(ctx: AppContext, w: Pick<Whatsapp, 'id' | 'companyId'>) {
  await ctx.ds.transaction(async (em) => {
    await em
      .getRepository<BaileysAuth>('BaileysAuth')
      .delete({ whatsappId: w.id, companyId: w.companyId });
    await em
      .getRepository<Whatsapp>('Whatsapp')
      .update(
        { id: w.id, companyId: w.companyId },
        { status: 'DISCONNECTED', qrcode: null, session: null, retries: 0 },
      );
  });
}
