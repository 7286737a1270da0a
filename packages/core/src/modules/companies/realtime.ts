import { rooms } from '@atendo/domain';
import type { RealtimeInput } from '@atendo/contract';
import type { AppContext } from '../../context.js';
import { UserEntity } from '../../db/entities/index.js';
import { crossTenantData } from '../../db/platform-data.js';
import type { Pushes } from '../../events/pushes.js';

/**
 * `company-{id}-company` and `company-{id}-plan` to the super admins' own rooms only: the
 * companies and plans pages refetch on `{action, companyId}` / `{action, planId}`. The payload
 * carries ids alone, and no other user (not even another admin of the platform company) gets it.
 */
export function registerCompanyAdminListeners(
  ctx: Pick<AppContext, 'ds' | 'events'>,
  realtime: Pushes,
): void {
  const toSupers = async <E extends 'company' | 'plan'>(entity: E, payload: RealtimeInput<E>) => {
    const supers = await crossTenantData(ctx.ds, 'super-admin')
      .of(UserEntity)
      .find({ where: { super: true }, select: { id: true, companyId: true } });
    for (const u of supers) realtime.emit(u.companyId, entity, [rooms.user(u.id)], payload);
  };
  const { events } = ctx;
  events.on('company.created', ({ companyId }) =>
    toSupers('company', { action: 'create', companyId }),
  );
  events.on('company.updated', ({ companyId }) =>
    toSupers('company', { action: 'update', companyId }),
  );
  events.on('company.deleted', ({ companyId }) =>
    toSupers('company', { action: 'delete', companyId }),
  );
  events.on('plan.changed', ({ planId, action }) => toSupers('plan', { action, planId }));
}
