import { authKeys } from '@/lib/auth/keys';
import { eventBinding } from '@/lib/realtime/socket-cache';
import { companyKeys } from './queries';

/**
 * `company-{id}-payment`: an invoice was paid, so the company's due date and plan may have
 * moved; the plan and the session's user (which carries the company) are read again.
 */
export const companyPaymentSocketBinding = eventBinding({
  entity: 'payment',
  recordField: 'payment',
  strategy: 'invalidate',
  invalidate: [companyKeys.all, authKeys.me],
});

/**
 * `company-{id}-company` (super admins only): `{action, companyId}` for a company created,
 * changed (a payment, a suspension, another super admin's edit) or deleted; the list refetches.
 */
export const companiesAdminSocketBinding = eventBinding({
  entity: 'company',
  idField: 'companyId',
  strategy: 'invalidate',
  lists: [{ queryKey: companyKeys.list() }],
  invalidate: [companyKeys.list()],
});
