import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { sql } from './support/sql.js';
import { PNG_1X1, postFile } from './support/upload.js';

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

/** The whitelabel keys as stored, per company. */
const brandingRows = () =>
  sql<{ companyId: number; key: string; value: string }>(
    t.databaseUrl,
    `SELECT "companyId", key, value FROM settings
      WHERE key IN ('appLogoLight','appLogoDark','appLogoFavicon','loginEnterImage',
                    'loginRegisterImage','primaryColorLight','primaryColorDark','appName')
      ORDER BY "companyId", key`,
  );

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x20, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32),
]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';

const upload = (
  c: TestClient,
  route: 'logo' | 'login',
  mode: string | undefined,
  file: { name?: string; type?: string; bytes: Buffer | string; field?: string },
) =>
  postFile(
    c,
    `/settings-whitelabel/${route}`,
    {
      field: file.field ?? 'file',
      name: file.name ?? 'logo.png',
      type: file.type ?? 'image/png',
      bytes: file.bytes,
    },
    mode === undefined ? { typeArch: 'logo' } : { typeArch: 'logo', mode },
  );

const readError = async (res: Response) => ({
  status: res.status,
  ...((await res.json()) as { error?: string; fields?: { field: string }[] }),
});

describe('whitelabel uploads (super admin)', () => {
  it.each([
    ['logo', 'Light', 'appLogoLight', PNG_1X1, 'png'],
    ['logo', 'Dark', 'appLogoDark', JPEG, 'jpg'],
    ['logo', 'Favicon', 'appLogoFavicon', PNG_1X1, 'png'],
    ['login', 'Enter', 'loginEnterImage', WEBP, 'webp'],
    ['login', 'Register', 'loginRegisterImage', JPEG, 'jpg'],
  ] as const)('%s %s stores the image and sets %s', async (route, mode, key, bytes, ext) => {
    // The client's name and type are ignored: the stored kind follows the bytes.
    const res = await upload(su, route, mode, { bytes, name: 'anything.bin', type: 'text/plain' });
    expect(res.status).toBe(200);
    const name = (await res.json()) as string;
    expect(name).toMatch(new RegExp(`^whitelabel/${key}-\\d+-[0-9a-f]{8}\\.${ext}$`));
    expect(await t.client().call('publicSetting', { params: { key } })).toBe(name);
    expect(await agent.call('settingsShow', { params: { key } })).toEqual({ key, value: name });

    const served = await fetch(`${t.url}/public/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a new image replaces the previous file, which is removed', async () => {
    const first = (await (await upload(su, 'logo', 'Light', { bytes: PNG_1X1 })).json()) as string;
    const second = (await (await upload(su, 'logo', 'Light', { bytes: JPEG })).json()) as string;
    expect(second).not.toBe(first);
    expect((await fetch(`${t.url}/public/${first}`)).status).toBe(404);
    expect((await fetch(`${t.url}/public/${second}`)).status).toBe(200);
    expect(await t.client().call('publicSetting', { params: { key: 'appLogoLight' } })).toBe(
      second,
    );
  });

  it.each([
    ['an SVG (it can carry script)', { name: 'logo.svg', type: 'image/svg+xml', bytes: SVG }],
    ['an SVG named .png', { name: 'logo.png', type: 'image/png', bytes: SVG }],
    [
      'HTML named .png',
      { name: 'logo.png', type: 'image/png', bytes: '<html><script>1</script></html>' },
    ],
    ['a PDF named .jpg', { name: 'logo.jpg', type: 'image/jpeg', bytes: '%PDF-1.4 fake' }],
    ['an empty file', { name: 'logo.png', type: 'image/png', bytes: Buffer.alloc(0) }],
  ])('refuses %s by its content, changing nothing', async (_what, file) => {
    const before = await brandingRows();
    for (const [route, mode] of [
      ['logo', 'Favicon'],
      ['login', 'Enter'],
    ] as const) {
      const r = await readError(await upload(su, route, mode, file));
      expect(r.status).toBe(400);
      expect(r.error).toBe('ERR_VALIDATION');
      expect(r.fields?.map((f) => f.field)).toEqual(['file']);
    }
    expect(await brandingRows()).toEqual(before);
  });

  it('limits the size: 2 MB for logos, 5 MB for login images', async () => {
    const big = (bytes: number) => Buffer.concat([PNG_1X1, Buffer.alloc(bytes - PNG_1X1.length)]);
    const before = await brandingRows();
    expect(
      await readError(await upload(su, 'logo', 'Light', { bytes: big(2 * 1024 * 1024 + 1) })),
    ).toMatchObject({ status: 413, error: 'ERR_PAYLOAD_TOO_LARGE' });
    expect(
      await readError(await upload(su, 'login', 'Enter', { bytes: big(5 * 1024 * 1024 + 1) })),
    ).toMatchObject({ status: 413, error: 'ERR_PAYLOAD_TOO_LARGE' });
    expect(await brandingRows()).toEqual(before);
    expect((await upload(su, 'login', 'Enter', { bytes: big(3 * 1024 * 1024) })).status).toBe(200);
  });

  it.each([
    ['no mode', 'logo', undefined, {}, 'mode'],
    ['a login mode on the logo route', 'logo', 'Enter', {}, 'mode'],
    ['a logo mode on the login route', 'login', 'Favicon', {}, 'mode'],
    ['an unknown mode', 'logo', 'Huge', {}, 'mode'],
    [
      'the file under another part name',
      'logo',
      'Light',
      { field: 'profileImage' },
      'profileImage',
    ],
  ] as const)('answers %s with 400 naming the field', async (_what, route, mode, extra, field) => {
    const r = await readError(await upload(su, route, mode, { bytes: PNG_1X1, ...extra }));
    expect(r.status).toBe(400);
    expect(r.error).toBe('ERR_VALIDATION');
    expect(r.fields?.map((f) => f.field)).toContain(field);
  });

  it('answers a JSON body (no file) and a broken multipart body with 400', async () => {
    const json = await su.raw('POST', '/settings-whitelabel/logo', { mode: 'Light' });
    expect(await readError(json)).toMatchObject({ status: 400, error: 'ERR_VALIDATION' });
    const broken = await su.raw('POST', '/settings-whitelabel/login', '--x\r\nnot a part', {
      'Content-Type': 'multipart/form-data; boundary=x',
    });
    expect(broken.status).toBe(400);
  });
});

describe('the platform branding is not a company admin’s to change', () => {
  it.each([
    ['company admin', () => admin, 403, 'ERR_NO_PERMISSION'],
    ['agent', () => agent, 403, 'ERR_NO_PERMISSION'],
    ['anonymous', () => t.client(), 401, 'ERR_SESSION_EXPIRED'],
  ] as const)(
    '%s: uploads and colour/app-name writes refused',
    async (_who, actor, status, error) => {
      const before = await brandingRows();
      for (const [route, mode] of [
        ['logo', 'Light'],
        ['logo', 'Favicon'],
        ['login', 'Enter'],
        ['login', 'Register'],
      ] as const) {
        expect(
          await readError(await upload(actor(), route, mode, { bytes: PNG_1X1 })),
        ).toMatchObject({
          status,
          error,
        });
      }
      for (const [key, value] of [
        ['primaryColorLight', '#ff0000'],
        ['primaryColorDark', '#00ff00'],
        ['appName', 'Tomada'],
        ['appLogoLight', 'https://evil.example/logo.png'],
      ]) {
        const put = await actor().raw('PUT', `/settings/${key}`, { value });
        expect(put.status, key).toBeGreaterThanOrEqual(401);
        expect(put.status, key).toBeLessThanOrEqual(403);
        const column = await actor().raw('PUT', '/companySettings', { column: key, data: value });
        expect(column.status, key).toBeGreaterThanOrEqual(401);
        expect(column.status, key).toBeLessThanOrEqual(403);
      }
      // Neither the platform's rows nor a copy under the caller's own company.
      expect(await brandingRows()).toEqual(before);
    },
  );

  it('the super admin sets the colours (hex with #) and app name, read without a session', async () => {
    await su.call('settingsUpdate', {
      params: { key: 'primaryColorLight' },
      body: { value: '#123ABC' },
    });
    await su.call('settingsUpdate', { params: { key: 'appName' }, body: { value: 'Central X' } });
    const anon = t.client();
    expect(await anon.call('publicSetting', { params: { key: 'primaryColorLight' } })).toBe(
      '#123ABC',
    );
    expect(await anon.call('publicSetting', { params: { key: 'appName' } })).toBe('Central X');
    for (const bad of ['blue', '123ABC', '#12', '#GGGGGG', '']) {
      const res = await su.raw('PUT', '/settings/primaryColorDark', { value: bad });
      expect(res.status, bad).toBe(400);
    }
    const rows = await brandingRows();
    expect(rows.filter((r) => r.companyId !== 1)).toEqual([]);
  });
});
