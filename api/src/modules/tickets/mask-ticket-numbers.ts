import type { RouteName } from '@atendo/contract';
import { parseJsonText, type JsonText } from '../../db/json-text.js';
import type { TenantData } from '../../db/tenant-data.js';
import { sqlJson, type PreparedJson } from '../../http/define-routes.js';
import type { Principal } from '../auth/tokens.js';
import { maskedView } from '../contacts/contact-view.js';
import { masksNumbersFor } from '../contacts/number-masking.js';

type WithContact = { contact: { number: string | null } | null };

/** A ticket with its contact's number masked when `mask` (LGPD hide-number, spec 1 §6). */
export function maskTicket<T extends WithContact>(ticket: T, mask: boolean): T {
  return mask && ticket.contact ? { ...ticket, contact: maskedView(ticket.contact, true) } : ticket;
}

/**
 * What a ticket route answers to its caller: contact numbers masked for profile users of a
 * company with LGPD and hide-number on, as the contacts page shows them (no query for admins).
 */
export async function forCaller<R>(db: TenantData, auth: Principal, result: R): Promise<R> {
  if (auth.profile !== 'user' || !(await masksNumbersFor(db, auth))) return result;
  return masked(result);
}

/**
 * forCaller for an answer PostgreSQL built as JSON text (the ticket and message lists): sent as
 * it is, unless the caller sees numbers masked; then read, masked and sent as objects.
 */
export async function forCallerJson<K extends RouteName, R>(
  db: TenantData,
  auth: Principal,
  route: K,
  text: JsonText<R>,
): Promise<PreparedJson | R> {
  if (auth.profile === 'user' && (await masksNumbersFor(db, auth)))
    return masked(parseJsonText(text));
  return sqlJson(route, text);
}

function masked<R>(result: R): R {
  const r = result as unknown as WithContact & { tickets?: WithContact[]; ticket?: WithContact };
  if (Array.isArray(r.tickets))
    return { ...r, tickets: r.tickets.map((t) => maskTicket(t, true)) } as R;
  if (r.ticket) return { ...r, ticket: maskTicket(r.ticket, true) } as R;
  if ('contact' in r) return maskTicket(r, true) as R;
  return result;
}
