import { createHash } from 'node:crypto';
import { AppError, canShowAllTickets, type TicketListQuery, type TicketView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { jsonText, type JsonText } from '../../db/json-text.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadCompanyTimeZone } from '../companies/company-time-zone.js';
import { PAGE_KEY_COLUMNS, ticketCards, type PageKey } from './ticket-cards.js';
import { isTicketAdmin, loadViewer, type Viewer } from './viewer.js';

/** Tickets per page of the list (the console's infinite scroll). */
export const TICKETS_PAGE_SIZE = 40;

/** Statuses each tab lists. */
const TAB_STATUSES: Record<string, string[]> = {
  open: ['open'],
  // lgpd tickets wait for the contact's consent, not for an attendant: the search tab has them.
  pending: ['pending'],
  group: ['group'],
  closed: ['closed'],
  lgpd: ['lgpd'],
  nps: ['nps'],
};

/** Collects SQL conditions and their parameters ($1 is always the company). */
class Where {
  readonly params: unknown[];
  readonly parts: string[] = ['t."companyId" = $1'];
  /**
   * Whether every condition reads only columns `ticket_counts` has (status, queue, owner,
   * group), so the tab's total is a sum of its deltas rather than a count of tickets.
   */
  countable = true;
  constructor(companyId: number) {
    this.params = [companyId];
  }
  /** `$n` for a new parameter. */
  p(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  /** A condition on the counted columns only. */
  add(sql: string): void {
    this.parts.push(sql);
  }
  /** A condition on anything else (unread, connection, tags, contact, text, days). */
  addUncounted(sql: string): void {
    this.countable = false;
    this.parts.push(sql);
  }
  toString(): string {
    return this.parts.join('\n   AND ');
  }
}

/**
 * GET /tickets (docs/product/tickets.md#the-tickets-screen Tickets screen, docs/product/tickets.md#who-sees-which-tickets visibility, docs/product/tickets.md#routes parameters): one page of a tab as
 * the caller may see it, newest activity first (or oldest with sortTickets=ASC), with the
 * total and whether more pages follow. Lean SQL over the (company, status, updatedAt) index.
 */
export async function listTickets(
  ctx: AppContext,
  o: { auth: Principal; query: TicketListQuery },
): Promise<JsonText<{ tickets: TicketView[]; count: number; hasMore: boolean }>> {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const viewer = await loadViewer(db, o.auth);
  const q = o.query;
  if ((q.status ?? 'open') === 'group' && !viewer.allowGroup && !isTicketAdmin(viewer))
    throw new AppError('ERR_NO_PERMISSION');
  const byDay = q.date || q.updatedAt || q.dateStart || q.dateEnd;
  const timeZone = byDay ? await loadCompanyTimeZone(ctx, db.companyId) : 'UTC';
  const { name, sql, params } = ticketListStatement(db.companyId, viewer, q, timeZone);
  const rows = await db.prepared<PageKey & { count: number }>(name, sql, params);
  // The total comes on every row, and alone (keys null) on an empty page.
  const count = rows[0]?.count ?? 0;
  const keys = rows.filter((r) => r.id !== null);
  const offset = (q.pageNumber - 1) * TICKETS_PAGE_SIZE;
  const tickets = await ticketCards(ctx, db, keys);
  return jsonText`{"tickets":${tickets},"count":${count},"hasMore":${offset + keys.length < count}}`;
}

/**
 * The list's one statement for a viewer and query: its prepared statement's name, SQL and
 * parameters ($1 the company). Exported for the bench, which EXPLAINs exactly what runs.
 */
export function ticketListStatement(
  companyId: number,
  viewer: Viewer,
  q: TicketListQuery,
  timeZone: string,
): { name: string; sql: string; params: unknown[] } {
  const tab = q.status ?? 'open';
  const w = new Where(companyId);
  const isSearch = tab === 'search';
  const statuses = isSearch ? q.statusFilter : TAB_STATUSES[tab];
  // One status is an equality, so the (company, status, updatedAt, id) index is read in order.
  if (statuses?.length === 1) w.add(`t.status = ${w.p(statuses[0])}`);
  else if (statuses?.length) w.add(`t.status = ANY(${w.p(statuses)}::text[])`);
  visibility(w, viewer, q, isSearch);
  filters(w, viewer, q, timeZone);

  const order = !isSearch && tab !== 'closed' && q.sortTickets === 'ASC' ? 'ASC' : 'DESC';
  const where = w.toString();
  const offset = w.p((q.pageNumber - 1) * TICKETS_PAGE_SIZE);
  const from = `FROM tickets t ${needsContact(q) ? 'JOIN contacts c ON c.id = t."contactId"' : ''}
   WHERE ${where}`;
  // One round trip for the page's keys (ticket-cards.ts makes them the rows' JSON) beside the
  // tab's total.
  const sql = `
WITH page AS (
  SELECT ${PAGE_KEY_COLUMNS}, t."updatedAt"
    FROM (SELECT t.id, t.xmin, t."contactId", t."queueId", t."userId", t."whatsappId", t."updatedAt"
           ${from}
           ORDER BY t."updatedAt" ${order}, t.id ${order}
           LIMIT ${TICKETS_PAGE_SIZE} OFFSET ${offset}::int) t
    JOIN contacts c ON c.id = t."contactId"),
total AS (${
    w.countable
      ? `SELECT COALESCE(sum(t.n), 0)::int AS n FROM ticket_counts t WHERE ${where}`
      : `SELECT count(*)::int AS n ${from}`
  })
SELECT total.n AS count, page.id, page.v, page."queueId", page."userId",
       page."whatsappId", page.tags
  FROM total LEFT JOIN page ON true
 ORDER BY page."updatedAt" ${order}, page.id ${order}`;
  return { name: statementName('tickets-list', sql), sql, params: w.params };
}

const statementNames = new Map<string, string>();

/**
 * A prepared statement's name for one shape of the list's SQL: the filters make a bounded set
 * of shapes, each parsed and planned once per connection.
 */
function statementName(prefix: string, sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `${prefix}-${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    statementNames.set(sql, name);
  }
  return name;
}

const needsContact = (q: TicketListQuery) => q.searchParam.trim() !== '' || q.isGroup !== undefined;

/** Which tickets the viewer may see in this list (docs/product/tickets.md#who-sees-which-tickets). */
function visibility(w: Where, v: Viewer, q: TicketListQuery, isSearch: boolean): void {
  const admin = isTicketAdmin(v);
  const showAll = q.showAll === true && canShowAllTickets(v) && !isSearch;
  // Queues: the chosen ones among the user's (an admin may choose any), or all of theirs.
  const chosen = q.queueIds?.length ? q.queueIds : null;
  // Admins search everything; otherwise their show-all decides.
  if (!(admin && (showAll || isSearch) && !chosen)) {
    const queues = admin
      ? (chosen ?? v.queueIds)
      : (chosen ?? v.queueIds).filter((id) => v.queueIds.includes(id));
    const withoutQueue = v.allTicket === 'enable' || (admin && showAll && !chosen);
    w.add(
      withoutQueue
        ? `(t."queueId" = ANY(${w.p(queues)}::int[]) OR t."queueId" IS NULL)`
        : `t."queueId" = ANY(${w.p(queues)}::int[])`,
    );
  }
  // Owners: everyone's with show-all; otherwise their own and the unassigned waiting ones.
  // Non-admins with allHistoric, allUserChat or allTicket see their queues' tickets of others.
  const seesOthers =
    showAll ||
    (admin && isSearch) ||
    (!admin &&
      (v.allHistoric === 'enabled' || v.allUserChat === 'enabled' || v.allTicket === 'enable'));
  if (!seesOthers) {
    w.add(
      `(t."userId" = ${w.p(v.id)} OR (t."userId" IS NULL AND t.status IN ('pending', 'group')))`,
    );
  }
  if (!v.allowGroup && !admin) w.add('t."isGroup" = false');
}

/** The search tab's and toolbar's filters (days in the company's time zone). */
function filters(w: Where, v: Viewer, q: TicketListQuery, timeZone: string): void {
  if (q.withUnreadMessages) w.addUncounted('t."unreadMessages" > 0');
  if (q.whatsappIds?.length) w.addUncounted(`t."whatsappId" = ANY(${w.p(q.whatsappIds)}::int[])`);
  const users = [...(q.users ?? []), ...(isTicketAdmin(v) ? (q.userFilter ?? []) : [])];
  if (users.length) w.add(`t."userId" = ANY(${w.p(users)}::int[])`);
  if (q.tags?.length)
    w.addUncounted(
      `EXISTS (SELECT 1 FROM ticket_tags tt WHERE tt."ticketId" = t.id AND tt."tagId" = ANY(${w.p(q.tags)}::int[]))`,
    );
  if (q.isGroup !== undefined) w.addUncounted(`c."isGroup" = ${w.p(q.isGroup)}`);
  const search = q.searchParam.trim().toLowerCase();
  if (search) {
    const like = w.p(`%${search.replace(/[\\%_]/g, '\\$&')}%`);
    const digits = search.replace(/\D/g, '');
    const alternatives = [`lower(c.name) LIKE ${like}`, `t.protocol = ${w.p(search)}`];
    // Searching by number would reveal a masked number's digits one by one (docs/product/tickets.md#who-sees-which-tickets).
    if (digits.length >= 3 && !v.hidesContactNumbers)
      alternatives.push(`c.number LIKE ${w.p(`%${digits}%`)}`);
    if (/^\d{1,9}$/.test(search)) alternatives.push(`t.id = ${w.p(Number(search))}`);
    if (q.searchOnMessages)
      alternatives.push(
        `EXISTS (SELECT 1 FROM messages m WHERE m."ticketId" = t.id AND lower(m.body) LIKE ${like})`,
      );
    w.addUncounted(`(${alternatives.join(' OR ')})`);
  }
  const days: [string | undefined, string][] = [
    [q.date, 'createdAt'],
    [q.updatedAt, 'updatedAt'],
  ];
  if (q.date || q.updatedAt || q.dateStart || q.dateEnd) {
    const tz = w.p(timeZone);
    for (const [day, column] of days)
      if (day)
        w.addUncounted(`(t."${column}" AT TIME ZONE ${tz})::date = ${w.p(day.slice(0, 10))}::date`);
    if (q.dateStart)
      w.addUncounted(
        `(t."createdAt" AT TIME ZONE ${tz})::date >= ${w.p(q.dateStart.slice(0, 10))}::date`,
      );
    if (q.dateEnd)
      w.addUncounted(
        `(t."createdAt" AT TIME ZONE ${tz})::date <= ${w.p(q.dateEnd.slice(0, 10))}::date`,
      );
  }
}
