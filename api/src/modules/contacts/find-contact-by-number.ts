import { AppError, normaliseContactNumber } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../auth/tokens.js';
import { contactViewsSql, type ContactRow } from './contact-view.js';

/**
 * `GET /contacts/profile/:number`: the stored contact with this number (as typed or
 * normalised). Fetching a profile from the channel needs a connected session (issue 8); until
 * then a number the company does not know is ERR_NO_CONTACT_FOUND.
 */
export async function findContactByNumber(ctx: AppContext, o: { auth: Principal; number: string }) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const candidates = [...new Set([o.number, normaliseContactNumber(o.number)])];
  const [row] = await db.query<ContactRow>(
    contactViewsSql(
      'c."companyId" = $1 AND c.number = ANY($2::text[])',
      `ORDER BY (c.channel = 'whatsapp') DESC, c.id LIMIT 1`,
    ),
    [o.auth.companyId, candidates],
  );
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND');
  return row;
}
