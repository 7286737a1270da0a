import { AppError, calendarDay, isSubscriptionExpired, PLATFORM_COMPANY_ID } from '@atendo/domain';
import type { Company } from '../db/entities/index.js';

/**
 * True when a company is suspended: switched off while its subscription is still valid. A
 * company off because its subscription expired may still sign in, so the console can send it
 * to /financeiro-aberto to pay (docs/product/users-and-auth.md); the platform company is never suspended. Expired
 * is the domain rule, on the company's calendar day (the default zone when not loaded).
 */
export function isCompanySuspended(
  company: Pick<Company, 'id' | 'status' | 'dueDate'> & { timezone?: string | null },
  now: Date = new Date(),
): boolean {
  if (company.status || company.id === PLATFORM_COMPANY_ID) return false;
  return !isSubscriptionExpired(company.dueDate, calendarDay(now, company.timezone));
}

/**
 * The refusal of every path of a suspended company's users after they signed in (requests,
 * refresh, sockets). 401, not the login's 403: the sign-in is over, so the console logs out
 * (a 403 would only make it refresh and retry) and shows the translated reason.
 */
export function companyInactiveAfterSignIn(): AppError {
  return new AppError('ERR_COMPANY_INACTIVE', { status: 401 });
}
