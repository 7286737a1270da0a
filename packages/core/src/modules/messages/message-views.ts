import { AppError, type ChatMessageView } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';

/** A message's view columns in explicit SQL (`m` is the messages row). */
export const MESSAGE_VIEW_COLUMNS = `
  m.id, m.wid, m.body, m."fromMe", m.read, m.ack, m."mediaType", m."mediaUrl", m."isDeleted",
  m."isEdited", m."isForwarded", m."isPrivate", m."isScheduled", m.participant, m."ticketId",
  m."contactId", m."userId", m."queueId", m."quotedMsgId", m."createdAt", m."updatedAt",
  CASE WHEN ct.id IS NULL THEN NULL ELSE json_build_object('id', ct.id, 'name', ct.name) END AS contact,
  CASE WHEN q.id IS NULL THEN NULL
       ELSE json_build_object('id', q.id, 'name', q.name, 'color', q.color) END AS queue,
  CASE WHEN qm.id IS NULL THEN NULL
       ELSE json_build_object('id', qm.id, 'body', qm.body, 'fromMe', qm."fromMe",
                              'mediaType', qm."mediaType", 'mediaUrl', qm."mediaUrl",
                              'isDeleted', qm."isDeleted",
                              'contact', CASE WHEN qc.id IS NULL THEN NULL
                                              ELSE json_build_object('id', qc.id, 'name', qc.name) END)
  END AS "quotedMsg"`;

export const MESSAGE_VIEW_JOINS = `
  LEFT JOIN contacts ct ON ct.id = m."contactId"
  LEFT JOIN queues q ON q.id = m."queueId"
  LEFT JOIN messages qm ON qm.id = m."quotedMsgId"
  LEFT JOIN contacts qc ON qc.id = qm."contactId"`;

/** Views of messages `ids` of the company, oldest first. */
export async function loadMessageViews(db: TenantData, ids: number[]): Promise<ChatMessageView[]> {
  if (ids.length === 0) return [];
  // Every live message push reads here (a burst's messages together): one planned statement.
  return db.prepared<ChatMessageView>(
    'message-views',
    `SELECT ${MESSAGE_VIEW_COLUMNS} FROM messages m ${MESSAGE_VIEW_JOINS}
      WHERE m."companyId" = $1 AND m.id = ANY($2::int[]) ORDER BY m."createdAt", m.id`,
    [db.companyId, ids],
  );
}

/** One message's view (an edited, deleted or forwarded message's answer). */
export async function loadMessageView(db: TenantData, id: number): Promise<ChatMessageView> {
  const [view] = await loadMessageViews(db, [id]);
  if (!view) throw new AppError('ERR_NOT_FOUND');
  return view;
}
