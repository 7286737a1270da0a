import { PUBLIC_SETTING_KEYS } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { PLATFORM_COMPANY_ID, settingsOf } from './settings-store.js';

/** A public setting's value for the unauthenticated client, or null. */
export async function findPublicSetting(
  ctx: AppContext,
  o: { key: string },
): Promise<string | null> {
  if (!(PUBLIC_SETTING_KEYS as readonly string[]).includes(o.key)) return null;
  const row = await settingsOf(ctx, PLATFORM_COMPANY_ID).findOne({ where: { key: o.key } });
  return row?.value ?? null;
}
