import type { AppContext } from '../../context.js';
import { Kept, KeptJson } from '../../db/kept-json.js';
import type { TenantData } from '../../db/tenant-data.js';
import {
  QUEUE_PART,
  TAGS_PART,
  TICKET_CARD_COLUMNS,
  USER_PART,
  WHATSAPP_PART,
} from './ticket-views.js';

/**
 * The ticket list's rows as JSON text, kept between requests so a page costs PostgreSQL its
 * keys rather than forty rows of JSON (bench:tickets: building them was 2.4 ms of the list's
 * 3.1 ms of database CPU). A card is the ticket's columns with its contact (TicketView minus
 * queue, user, connection and tags), stored with the `xmin` of the ticket and contact rows it
 * was read from: any committed change to either row gives it a new xmin, which the page's keys
 * carry, so a card is only ever reused for the very row versions it was built from. Queue, user
 * and connection come from the company's small maps in the tenant cache (invalidated by their
 * tables' triggers); tags come with the keys.
 */
/** What one page row names: its rows' versions and its parts. */
export interface PageKey {
  id: number;
  /** The ticket and contact rows' xmin. */
  v: string;
  queueId: number | null;
  userId: number | null;
  whatsappId: number | null;
  /** The ticket's tags as JSON text, null for none. */
  tags: string | null;
}

/** Cards kept per process (about 0.7 KB each). */
const cards = new KeptJson(5_000);

/** Cards with their queue, user, connection and tags, as the list sends them (about 1 KB each). */
const whole = new Kept<Buffer>(5_000);

/** The versions of ticket `t` and contact `c` a card is built from. */
const VERSIONS = `concat_ws(':', t.xmin, c.xmin)`;

/** The cards of tickets $2 of company $1, with the row versions they were built from. */
const CARDS_SQL = `
SELECT t.id, ${VERSIONS} AS v, row_to_json(card)::text AS json
  FROM tickets t JOIN contacts c ON c.id = t."contactId",
       LATERAL (SELECT ${TICKET_CARD_COLUMNS}) card
 WHERE t."companyId" = $1 AND t.id = ANY($2::int[])`;

/** The page's key columns (`t` the page's tickets rows, joined to `c` their contacts). */
export const PAGE_KEY_COLUMNS = `t.id, ${VERSIONS} AS v, t."queueId",
  t."userId", t."whatsappId", (${TAGS_PART})::text AS tags`;

/** A company's queues, users and connections as the ticket view shows them, by id. */
interface Parts {
  /** Which load of the maps this is: a ticket put together from older maps is not reused. */
  gen: number;
  queue: Map<number, string>;
  user: Map<number, string>;
  whatsapp: Map<number, string>;
}

const PARTS_SQL = `
SELECT 'queue' AS kind, q.id, ${QUEUE_PART}::text AS json FROM queues q WHERE q."companyId" = $1
UNION ALL
SELECT 'user', u.id, ${USER_PART}::text FROM users u WHERE u."companyId" = $1
UNION ALL
SELECT 'whatsapp', w.id, ${WHATSAPP_PART}::text FROM whatsapps w WHERE w."companyId" = $1`;

let partsLoads = 0;

async function loadParts(db: TenantData): Promise<Parts> {
  const rows = await db.prepared<{ kind: Exclude<keyof Parts, 'gen'>; id: number; json: string }>(
    'ticket-card-parts',
    PARTS_SQL,
    [db.companyId],
  );
  const parts: Parts = {
    gen: ++partsLoads,
    queue: new Map(),
    user: new Map(),
    whatsapp: new Map(),
  };
  for (const r of rows) parts[r.kind].set(r.id, r.json);
  return parts;
}

const missingPart = (parts: Parts, k: PageKey) =>
  (k.queueId !== null && !parts.queue.has(k.queueId)) ||
  (k.userId !== null && !parts.user.has(k.userId)) ||
  (k.whatsappId !== null && !parts.whatsapp.has(k.whatsappId));

/**
 * The page's tickets as JSON texts, in the keys' order: cached cards where their row versions
 * still match, the rest read in one statement (and kept), each with its queue, user, connection
 * and tags. A ticket gone since the keys were read is left out.
 */
export async function ticketCards(
  ctx: AppContext,
  db: TenantData,
  keys: PageKey[],
): Promise<Buffer[]> {
  if (keys.length === 0) return [];
  let parts = (await ctx.cache.get(db.companyId, 'ticket-card-parts', () => loadParts(db)))!;
  // A queue, user or connection newer than the cached maps (its change is on its way here).
  if (keys.some((k) => missingPart(parts, k))) parts = await loadParts(db);

  // What a ticket's whole text is built from: its card's rows, the maps, its parts and tags.
  const version = (k: PageKey) =>
    `${k.v}/${parts.gen}/${k.queueId}/${k.userId}/${k.whatsappId}/${k.tags}`;
  const versions = keys.map(version);
  const kept = keys.map((k, i) => whole.get(k.id, versions[i]!));
  if (kept.every((bytes) => bytes !== undefined)) return kept;

  const texts = await cards.texts(keys, (ids) =>
    db.prepared<{ id: number; v: string; json: string }>('ticket-cards', CARDS_SQL, [
      db.companyId,
      ids,
    ]),
  );
  const part = (m: Map<number, string>, id: number | null) =>
    id === null ? 'null' : (m.get(id) ?? 'null');
  const out: Buffer[] = [];
  keys.forEach((k, i) => {
    const card = texts[i];
    if (card === undefined) return; // deleted since its key was read
    let bytes = kept[i];
    if (!bytes) {
      bytes = Buffer.concat([
        card.subarray(0, -1),
        Buffer.from(
          `,"queue":${part(parts.queue, k.queueId)},"user":${part(parts.user, k.userId)},` +
            `"whatsapp":${part(parts.whatsapp, k.whatsappId)},"tags":${k.tags ?? '[]'}}`,
        ),
      ]);
      whole.set(k.id, versions[i]!, bytes);
    }
    out.push(bytes);
  });
  return out;
}
