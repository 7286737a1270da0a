import { AppError, type TagView } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';
import { TAG_COLUMNS } from './tag-view.js';

/** Refuses a contact that is not the company's (another company's is not found either). */
export async function requireContact(db: TenantData, contactId: number): Promise<void> {
  const [row] = await db.query(`SELECT id FROM contacts WHERE id = $1 AND "companyId" = $2`, [
    contactId,
    db.companyId,
  ]);
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND');
}

/** A contact's tags, by name. */
export function tagsOfContact(db: TenantData, contactId: number): Promise<TagView[]> {
  return db.query<TagView>(
    `SELECT ${TAG_COLUMNS} FROM contact_tags ct JOIN tags t ON t.id = ct."tagId"
      WHERE ct."contactId" = $1 AND ct."companyId" = $2
      ORDER BY t.name, t.id`,
    [contactId, db.companyId],
  );
}
