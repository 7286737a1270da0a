import { SETTING_MESSAGE_RULES } from '@atendo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  apiError,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { sql } from './support/sql.js';

/**
 * docs/product/overview.md#console-routes-and-shell "Custom message fields required when the related feature is on": while a feature
 * is on, its message cannot be emptied (ERR_SETTING_MESSAGE_REQUIRED names the feature); with
 * the feature off the message may be cleared. (Value rules per key, platform keys for super
 * admins only and the profile-user refusal are in settings.test.ts.)
 */

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let admin: Logged;

beforeAll(async () => {
  t = await startTestApi();
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(() => t?.close());

const stored = async (key: string) =>
  (
    await sql<{ value: string }>(
      t.databaseUrl,
      'SELECT value FROM settings WHERE "companyId" = $1 AND key = $2',
      [admin.user.companyId, key],
    )
  )[0]?.value;

const put = (key: string, value: string) =>
  admin.call('settingsUpdate', { params: { key }, body: { value } });

const off = (when: 'enabled' | 'disabled') => (when === 'enabled' ? 'disabled' : 'enabled');

describe.each(SETTING_MESSAGE_RULES.map((r) => [r.feature, r]))(
  'the message of %s',
  (_name, rule) => {
    it(`cannot be emptied while ${rule.feature} is ${rule.when}`, async () => {
      await put(rule.message, 'Mensagem configurada');
      await put(rule.feature, rule.when);
      for (const value of ['', '   ']) {
        const e = await apiError(() => put(rule.message, value));
        expect(e).toMatchObject({
          status: 400,
          code: 'ERR_SETTING_MESSAGE_REQUIRED',
          body: {
            fields: [{ field: 'value' }],
            data: { key: rule.message, feature: rule.feature },
          },
        });
        const byColumn = await apiError(() =>
          admin.call('companySettingsUpdate', { body: { column: rule.message, data: value } }),
        );
        expect(byColumn).toMatchObject({ status: 400, code: 'ERR_SETTING_MESSAGE_REQUIRED' });
      }
      expect(await stored(rule.message)).toBe('Mensagem configurada');
      // Another text is fine.
      await put(rule.message, 'Outra mensagem');
      expect(await stored(rule.message)).toBe('Outra mensagem');
    });

    it(`may be emptied once ${rule.feature} is ${off(rule.when)}`, async () => {
      await put(rule.feature, off(rule.when));
      expect(await put(rule.message, '')).toEqual({ key: rule.message, value: '' });
      expect(await stored(rule.message)).toBe('');
    });
  },
);

it('reads the feature from its default when the company has no row for it', async () => {
  // acceptCallWhatsapp defaults to enabled: without a row the call message may be emptied.
  await sql(
    t.databaseUrl,
    `DELETE FROM settings WHERE "companyId" = $1 AND key IN ('acceptCallWhatsapp', 'sendQueuePosition')`,
    [admin.user.companyId],
  );
  expect(await put('AcceptCallWhatsappMessage', '')).toMatchObject({ value: '' });
  expect(await put('sendQueuePositionMessage', '')).toMatchObject({ value: '' });
});
