import type { AppContext } from '../../context.js';
import { settingsOf } from './settings-store.js';

/** A company's settings as key/value, ordered by key. */
export async function listSettings(ctx: AppContext, o: { companyId: number }) {
  const rows = await settingsOf(ctx, o.companyId).find({ order: { key: 'ASC' } });
  return rows.map((s) => ({ key: s.key, value: s.value }));
}
