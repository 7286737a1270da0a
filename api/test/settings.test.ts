import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '@atendo/domain';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  apiError,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { sql } from './support/sql.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let su: Logged;
let admin: Logged;
let agent: Logged;

beforeAll(async () => {
  t = await startTestApi();
  su = await t.login(SUPER.email, SUPER.password);
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  agent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
});
afterAll(() => t?.close());

const stored = async (companyId: number, key: string) =>
  (
    await sql<{ value: string }>(
      t.databaseUrl,
      'SELECT value FROM settings WHERE "companyId" = $1 AND key = $2',
      [companyId, key],
    )
  )[0]?.value;

describe('reading settings', () => {
  it("GET /settings gives every setting of the caller's company", async () => {
    for (const c of [admin, agent]) {
      const list = await c.call('settingsIndex');
      expect(Object.fromEntries(list.map((s) => [s.key, s.value]))).toEqual(SETTING_DEFAULTS);
    }
  });

  it('GET /setting/:key gives one setting, or its default when the row is missing', async () => {
    expect(await agent.call('settingsShow', { params: { key: 'scheduleType' } })).toEqual({
      key: 'scheduleType',
      value: 'disabled',
    });
    await sql(
      t.databaseUrl,
      `DELETE FROM settings WHERE "companyId" = $1 AND key = 'sendQueuePosition'`,
      [admin.user.companyId],
    );
    expect(await agent.call('settingsShow', { params: { key: 'sendQueuePosition' } })).toEqual({
      key: 'sendQueuePosition',
      value: 'disabled',
    });
  });

  it('GET /companySettingOne?column= gives one setting; the column is required', async () => {
    expect(await agent.call('companySettingOne', { query: { column: 'chatBotType' } })).toEqual({
      chatBotType: 'text',
    });
    const e = await apiError(() => agent.call('companySettingOne', { query: {} }));
    expect(e).toMatchObject({
      status: 400,
      code: 'ERR_VALIDATION',
      body: { fields: [{ field: 'query.column' }] },
    });
  });

  it('GET /companySettings/:id gives the own company as one object keyed by setting', async () => {
    const settings = await agent.call('companySettingsShow', {
      params: { id: agent.user.companyId },
    });
    expect(settings.companyId).toBe(agent.user.companyId);
    expect(settings.userRating).toBe('disabled');
    expect(Array.isArray(settings)).toBe(false);
  });

  it.each(['nope', 'toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'answers the unknown key %s with 404 ERR_NO_SETTING_FOUND',
    async (key) => {
      expect(await apiError(() => admin.call('settingsShow', { params: { key } }))).toMatchObject({
        status: 404,
        code: 'ERR_NO_SETTING_FOUND',
      });
      expect(
        await apiError(() => admin.call('companySettingOne', { query: { column: key } })),
      ).toMatchObject({ status: 404, code: 'ERR_NO_SETTING_FOUND' });
    },
  );
});

describe('PUT /settings/:key', () => {
  it('lets an admin change a setting, which every read then shows', async () => {
    expect(
      await admin.call('settingsUpdate', {
        params: { key: 'userRating' },
        body: { value: 'enabled' },
      }),
    ).toEqual({ key: 'userRating', value: 'enabled' });
    expect(await stored(admin.user.companyId, 'userRating')).toBe('enabled');
    expect(await agent.call('settingsShow', { params: { key: 'userRating' } })).toEqual({
      key: 'userRating',
      value: 'enabled',
    });
    expect((await agent.call('settingsIndex')).find((s) => s.key === 'userRating')?.value).toBe(
      'enabled',
    );
    await admin.call('settingsUpdate', {
      params: { key: 'scheduleType' },
      body: { value: 'company' },
    });
    await admin.call('settingsUpdate', {
      params: { key: 'transferMessage' },
      body: { value: 'Você foi transferido para {{queue}}' },
    });
    expect(await stored(admin.user.companyId, 'transferMessage')).toBe(
      'Você foi transferido para {{queue}}',
    );
  });

  it('is refused to an agent', async () => {
    const e = await apiError(() =>
      agent.call('settingsUpdate', { params: { key: 'userRating' }, body: { value: 'disabled' } }),
    );
    expect(e).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    expect(await stored(admin.user.companyId, 'userRating')).toBe('enabled');
  });

  it.each([
    ['userRating', 'maybe'],
    ['userRating', ''],
    ['scheduleType', 'weekly'],
    ['chatBotType', 'list'],
    ['closeTicketOnTransfer', 'yes'],
    ['acceptCallWhatsapp', 'ENABLED'],
  ])('refuses %s = %j and keeps the old value', async (key, value) => {
    const before = await stored(admin.user.companyId, key);
    const e = await apiError(() =>
      admin.call('settingsUpdate', { params: { key }, body: { value } }),
    );
    expect(e).toMatchObject({
      status: 400,
      code: 'ERR_VALIDATION',
      body: { fields: [{ field: 'value' }] },
    });
    expect(await stored(admin.user.companyId, key)).toBe(before);
  });

  it('refuses a missing or non-text value', async () => {
    for (const body of [{}, { value: null }, { value: 1 }, { value: ['enabled'] }]) {
      const e = await apiError(() =>
        admin.call('settingsUpdate', { params: { key: 'userRating' }, body: body as never }),
      );
      expect(e).toMatchObject({ status: 400, body: { fields: [{ field: 'value' }] } });
    }
  });

  it.each(['nope', 'toString', 'constructor', '__proto__', 'hasOwnProperty'])(
    'answers the unknown key %s with 404 and stores nothing',
    async (key) => {
      const e = await apiError(() =>
        admin.call('settingsUpdate', { params: { key }, body: { value: 'x' } }),
      );
      expect(e).toMatchObject({ status: 404, code: 'ERR_NO_SETTING_FOUND' });
      const c = await apiError(() =>
        admin.call('companySettingsUpdate', { body: { column: key, data: 'x' } }),
      );
      expect(c).toMatchObject({ status: 404, code: 'ERR_NO_SETTING_FOUND' });
      expect(await stored(admin.user.companyId, key)).toBeUndefined();
    },
  );
});

describe('platform keys (userCreation, whitelabel)', () => {
  it.each(['userCreation', 'appName', 'primaryColorLight', 'appLogoLight'])(
    'only a super admin sets %s',
    async (key) => {
      const value =
        key === 'userCreation'
          ? 'disabled'
          : key === 'primaryColorLight'
            ? '#123456'
            : 'Outra Marca';
      const before = await stored(1, key);
      const e = await apiError(() =>
        admin.call('settingsUpdate', { params: { key }, body: { value } }),
      );
      expect(e).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
      const c = await apiError(() =>
        admin.call('companySettingsUpdate', { body: { column: key, data: value } }),
      );
      expect(c).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
      expect(await stored(1, key)).toBe(before);
      expect(await stored(admin.user.companyId, key)).toBe(
        key === 'userCreation' ? 'disabled' : undefined,
      );
    },
  );

  it('a super admin sets whitelabel keys on the platform, seen by everyone and the public client', async () => {
    await su.call('settingsUpdate', {
      params: { key: 'appName' },
      body: { value: 'Minha Central' },
    });
    await su.call('settingsUpdate', {
      params: { key: 'primaryColorDark' },
      body: { value: '#39ACE7' },
    });
    expect(await stored(1, 'appName')).toBe('Minha Central');
    expect(await t.client().call('publicSetting', { params: { key: 'appName' } })).toBe(
      'Minha Central',
    );
    expect(await agent.call('settingsShow', { params: { key: 'appName' } })).toEqual({
      key: 'appName',
      value: 'Minha Central',
    });
    const bad = await apiError(() =>
      su.call('settingsUpdate', { params: { key: 'primaryColorLight' }, body: { value: 'blue' } }),
    );
    expect(bad).toMatchObject({ status: 400, code: 'ERR_VALIDATION' });
  });

  it('a super admin toggles userCreation, read by the public client', async () => {
    await su.call('settingsUpdate', {
      params: { key: 'userCreation' },
      body: { value: 'disabled' },
    });
    expect(await t.client().call('publicSetting', { params: { key: 'userCreation' } })).toBe(
      'disabled',
    );
    await su.call('companySettingsUpdate', { body: { column: 'userCreation', data: 'enabled' } });
    expect(await t.client().call('publicSetting', { params: { key: 'userCreation' } })).toBe(
      'enabled',
    );
  });
});

describe('PUT /companySettings {column, data}', () => {
  it('changes one setting of the own company (admin)', async () => {
    expect(
      await admin.call('companySettingsUpdate', {
        body: { column: 'sendSignMessage', data: 'disabled' },
      }),
    ).toEqual({
      key: 'sendSignMessage',
      value: 'disabled',
    });
    expect(await agent.call('companySettingOne', { query: { column: 'sendSignMessage' } })).toEqual(
      { sendSignMessage: 'disabled' },
    );
    expect(await stored(1, 'sendSignMessage')).toBe('enabled');
  });

  it('validates the data and refuses an agent', async () => {
    const e = await apiError(() =>
      admin.call('companySettingsUpdate', {
        body: { column: 'sendSignMessage', data: 'sometimes' },
      }),
    );
    expect(e).toMatchObject({ status: 400, code: 'ERR_VALIDATION' });
    expect(await stored(admin.user.companyId, 'sendSignMessage')).toBe('disabled');
    const missing = await apiError(() =>
      admin.call('companySettingsUpdate', { body: { column: 'sendSignMessage' } as never }),
    );
    expect(missing).toMatchObject({ status: 400, body: { fields: [{ field: 'data' }] } });
    const byAgent = await apiError(() =>
      agent.call('companySettingsUpdate', { body: { column: 'sendSignMessage', data: 'enabled' } }),
    );
    expect(byAgent).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
  });
});
