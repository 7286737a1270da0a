import { eventBinding } from '@/lib/realtime/socket-cache';
import { companyKeys } from '@/features/companies/queries';
import { planKeys } from './queries';

/**
 * `company-{id}-plan` (super admins only): `{action, planId}` for a plan created, changed or
 * deleted; the plans (and the companies showing their plan's name and value) refetch.
 */
export const plansSocketBinding = eventBinding({
  entity: 'plan',
  idField: 'planId',
  strategy: 'invalidate',
  invalidate: [planKeys.all, companyKeys.list()],
});
