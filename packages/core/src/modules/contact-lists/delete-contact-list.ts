import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ContactListEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { campaignData } from '../campaigns/plan-feature.js';

/**
 * Deletes a contact list and its items. A list a scheduled or running campaign sends to is
 * kept (ERR_CONFLICT: cancel or change the campaign first); finished campaigns keep their
 * shipping records and lose the list (the foreign key sets it null).
 */
export async function deleteContactList(ctx: AppContext, o: { auth: Principal; id: number }) {
  const db = await campaignData(ctx, o.auth);
  await db.transaction(async (tx) => {
    await tx
      .of(ContactListEntity)
      .get({ where: { id: o.id }, lock: { mode: 'pessimistic_write' } });
    const [inUse] = await tx.query(
      `SELECT 1 FROM campaigns WHERE "companyId" = $1 AND "contactListId" = $2
          AND status IN ('PROGRAMADA', 'EM_ANDAMENTO') LIMIT 1`,
      [tx.companyId, o.id],
    );
    if (inUse) throw new AppError('ERR_CONFLICT');
    await tx.of(ContactListEntity).delete({ id: o.id });
  });
  ctx.events.publish('contact_list.deleted', { companyId: db.companyId, contactListId: o.id });
  return { message: 'Contact list deleted' };
}
