import type { TicketReportQuery } from '@atendo/domain';

/**
 * The report's SQL, built from the filters actually given so each query names only the
 * conditions and joins it needs (no `$n IS NULL OR …`, which hides the real filter from the
 * planner). Both queries walk the tickets of one company by creation time (index companyId,
 * createdAt); the filters are plain column tests on the same rows.
 */
export interface ReportSql {
  page: string;
  pageParams: unknown[];
  count: string;
  countParams: unknown[];
}

/** `%text%` for ILIKE, with the caller's wildcards taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function reportSql(
  q: TicketReportQuery,
  p: { companyId: number; lo: string; hi: string; limit: number; offset: number },
): ReportSql {
  const params: unknown[] = [p.companyId, p.lo, p.hi];
  const arg = (value: unknown) => `$${params.push(value)}`;
  const where = [
    `t."companyId" = $1`,
    `t."createdAt" >= $2::timestamptz`,
    `t."createdAt" < $3::timestamptz`,
  ];
  if (q.status?.length) where.push(`t.status = ANY(${arg(q.status)}::text[])`);
  if (q.users?.length) where.push(`t."userId" = ANY(${arg(q.users)}::int[])`);
  if (q.queueIds?.length) where.push(`t."queueId" = ANY(${arg(q.queueIds)}::int[])`);
  if (q.whatsappId?.length) where.push(`t."whatsappId" = ANY(${arg(q.whatsappId)}::int[])`);
  if (q.contactId !== undefined) where.push(`t."contactId" = ${arg(q.contactId)}`);
  const search = q.searchParam.trim();
  if (search) {
    // Contact name, number (digits as typed) or the ticket's protocol.
    const text = arg(contains(search));
    const digits = search.replace(/\D/g, '');
    const number = digits ? ` OR c.number LIKE ${arg(`%${digits}%`)}` : '';
    where.push(`(c.name ILIKE ${text} OR t.protocol ILIKE ${text}${number})`);
  }
  // The rows that match: only the tables a filter reads (contacts for the search, ratings for
  // onlyRated), shared by the count and the page.
  const matching = `FROM tickets t
  ${search ? 'JOIN contacts c ON c.id = t."contactId"' : ''}
  ${q.onlyRated ? 'JOIN user_ratings ur ON ur."ticketId" = t.id' : ''}
 WHERE ${where.join('\n   AND ')}`;
  const countParams = [...params];
  const limit = arg(p.limit);
  const offset = arg(p.offset);

  // The service ends at the ticket's last close; while a rating is awaited (nps), at the
  // rating request; otherwise it is still running.
  const closedAt = `CASE WHEN t.status = 'closed' THEN coalesce(k."closedAt", t."updatedAt") END`;
  const endedAt = `CASE WHEN t.status = 'closed' THEN coalesce(k."closedAt", t."updatedAt")
                        WHEN t.status = 'nps' THEN coalesce(k."ratingAt", now()) ELSE now() END`;
  // A deferred join: the page's ids are picked first (walking the index past OFFSET touches
  // only tickets), then only those rows are joined to the names, rating and last close.
  const page = `
WITH page AS (
SELECT t.id, t."createdAt" ${matching}
 ORDER BY t."createdAt" DESC, t.id DESC
 LIMIT ${limit} OFFSET ${offset})
SELECT t.id, t.uuid, w.name AS "whatsappName", c.name AS "contactName", u.name AS "userName",
       q.name AS "queueName", t.status, t."lastMessage", t."createdAt", ${closedAt} AS "closedAt",
       greatest(0, floor(EXTRACT(EPOCH FROM (${endedAt} - t."createdAt"))))::int AS "supportSeconds",
       ur.rate AS "NPS"
  FROM page p
  JOIN tickets t ON t.id = p.id
  JOIN contacts c ON c.id = t."contactId"
  LEFT JOIN user_ratings ur ON ur."ticketId" = t.id
  LEFT JOIN whatsapps w ON w.id = t."whatsappId"
  LEFT JOIN users u ON u.id = t."userId"
  LEFT JOIN queues q ON q.id = t."queueId"
  LEFT JOIN LATERAL (
    SELECT tt."closedAt", tt."ratingAt" FROM ticket_traking tt
     WHERE tt."ticketId" = t.id AND t.status IN ('closed', 'nps')
     ORDER BY tt.id DESC LIMIT 1) k ON true
 ORDER BY p."createdAt" DESC, p.id DESC`;
  const count = `SELECT count(*)::int AS total ${matching}`;
  return { page, pageParams: params, count, countParams };
}
