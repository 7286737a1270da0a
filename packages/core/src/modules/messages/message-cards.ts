import { KeptJson } from '../../db/kept-json.js';
import type { TenantData } from '../../db/tenant-data.js';
import { MESSAGE_VIEW_COLUMNS, MESSAGE_VIEW_JOINS } from './message-views.js';

/**
 * A conversation page's messages as JSON text, kept between requests (the list's tickets do
 * the same, tickets/ticket-cards.ts): a card is a message's whole view, stored with the `xmin`
 * of every row it was built from (the message, its contact and queue, the quoted message and
 * its contact). The page's keys carry the current ones, so a card is reused only for exactly
 * the row versions it shows; an ack, an edit or a renamed contact reads it again.
 */
/** One page row: a message and the versions of the rows its view reads. */
export interface MessageKey {
  id: number;
  v: string;
}

/** The versions of the rows message `m`'s view reads (with MESSAGE_VIEW_JOINS' aliases). */
const VERSIONS = `concat_ws(':', m.xmin, ct.xmin, q.xmin, qm.xmin, qc.xmin)`;

/** The key of message `m` (with MESSAGE_VIEW_JOINS' aliases). */
export const MESSAGE_KEY_COLUMNS = `m.id, ${VERSIONS} AS v`;

/** Cards kept per process (about 0.5 KB each). */
const cards = new KeptJson(5_000);

const CARDS_SQL = `
SELECT ${MESSAGE_KEY_COLUMNS}, row_to_json(mv)::text AS json
  FROM messages m ${MESSAGE_VIEW_JOINS},
       LATERAL (SELECT ${MESSAGE_VIEW_COLUMNS}) mv
 WHERE m."companyId" = $1 AND m.id = ANY($2::int[])`;

/**
 * The page's messages as JSON texts, in the keys' order: kept cards whose versions still match,
 * the rest read in one statement and kept. A message gone since the keys is left out.
 */
export async function messageCards(db: TenantData, keys: MessageKey[]): Promise<Buffer[]> {
  const texts = await cards.texts(keys, (ids) =>
    db.prepared<MessageKey & { json: string }>('message-cards', CARDS_SQL, [db.companyId, ids]),
  );
  return texts.filter((text) => text !== undefined);
}
