import type { AppContext } from '../../context.js';
import { BaileysAuthEntity, WhatsappEntity, type Whatsapp } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';

/**
 * Clears a connection's WhatsApp login: stored auth state, QR, retries, and where its (stopped)
 * session listened; a session started again reports its new control server.
 */
export async function forgetSession(ctx: AppContext, w: Pick<Whatsapp, 'id' | 'companyId'>) {
  await tenantData(ctx.ds, w.companyId).transaction(async (tx) => {
    await tx.of(BaileysAuthEntity).delete({ whatsappId: w.id });
    await tx.of(WhatsappEntity).update(
      { id: w.id },
      {
        status: 'DISCONNECTED',
        statusReason: null,
        qrcode: null,
        session: null,
        retries: 0,
        sessionEndpoint: null,
        sessionControlKey: null,
      },
    );
  });
}
