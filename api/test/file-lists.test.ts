import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileListDetailView } from '@atendo/domain';
import {
  apiError,
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { sql } from './support/sql.js';
import { PNG_1X1 } from './support/upload.js';
import { companySocket } from './support/socket.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let aAdmin: Logged;
let aAgent: Logged;
let bAdmin: Logged;
let bList: FileListDetailView;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A company's file lists and files as stored. */
const snapshotOf = (companyId: number) =>
  sql(
    t.databaseUrl,
    `SELECT f.id, f.name, f.message, f."userId",
            (SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'path', o.path,
                                               'mediaType', o."mediaType") ORDER BY o.id)
               FROM files_options o WHERE o."fileId" = f.id) AS options
       FROM files f WHERE f."companyId" = $1 ORDER BY f.id`,
    [companyId],
  );

/** POST /files/uploadList/:id as the console sends it: per file, its part and its file id. */
function upload(
  c: TestClient,
  listId: number | string,
  files: { id: number | string; name: string; type: string; bytes: Buffer | string }[],
): Promise<Response> {
  const form = new FormData();
  form.append('fileId', String(listId));
  form.append('typeArch', 'fileList');
  for (const f of files) {
    const bytes = typeof f.bytes === 'string' ? Buffer.from(f.bytes) : f.bytes;
    form.append('files', new Blob([new Uint8Array(bytes)], { type: f.type }), f.name);
    form.append('mediaType', f.type);
    form.append('name', f.name);
    form.append('id', String(f.id));
  }
  return fetch(`${(c as unknown as { baseUrl: string }).baseUrl}/files/uploadList/${listId}`, {
    method: 'POST',
    headers: c.token ? { Authorization: `Bearer ${c.token}` } : {},
    body: form,
  });
}

async function uploaded(res: Response): Promise<FileListDetailView> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as FileListDetailView;
}

beforeAll(async () => {
  t = await startTestApi({ LOGIN_RATE_LIMIT: '1000' });
  const su = await t.login(SUPER.email, SUPER.password);
  await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
  });
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  bList = await bAdmin.call('filesCreate', {
    body: { name: 'Segredos B', message: 'Da empresa B', options: [{ name: 'Contrato' }] },
  });
  bList = await uploaded(
    await upload(bAdmin, bList.id, [
      { id: bList.options[0]!.id, name: 'c.pdf', type: 'application/pdf', bytes: PDF },
    ]),
  );
}, 60_000);
afterAll(() => t?.close());

describe('file lists', () => {
  it('validates, keeps names unique per company and lets only admins manage them', async () => {
    const bad = await apiError(() =>
      aAdmin.call('filesCreate', { body: { name: 'ab', message: '  ' } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: expect.arrayContaining([
        { field: 'name', message: 'nome muito curto' },
        { field: 'message', message: 'Obrigatório' },
      ]),
    });

    const list = await aAdmin.call('filesCreate', {
      body: { name: ' Tabelas ', message: 'Seguem nossas tabelas', options: [{ name: 'Preços' }] },
    });
    expect(list).toMatchObject({
      name: 'Tabelas',
      message: 'Seguem nossas tabelas',
      userId: aAdmin.user.id,
      options: [{ name: 'Preços', path: null, mediaType: null, mediaUrl: null }],
    });
    expect(await aAdmin.call('filesShow', { params: { id: list.id } })).toEqual(list);

    const dup = await apiError(() =>
      aAdmin.call('filesCreate', { body: { name: 'Tabelas', message: 'outra' } }),
    );
    expect([dup.status, dup.code]).toEqual([409, 'ERR_DUPLICATED_FILE_LIST']);
    const other = await aAdmin.call('filesCreate', { body: { name: 'Outra', message: 'x' } });
    const rename = await apiError(() =>
      aAdmin.call('filesUpdate', { params: { id: other.id }, body: { name: 'Tabelas' } }),
    );
    expect([rename.status, rename.code]).toEqual([409, 'ERR_DUPLICATED_FILE_LIST']);
    // Two saves of one new name at once: one list, and the other answers the same code.
    const race = await Promise.all(
      [1, 2].map(() => aAdmin.raw('POST', '/files', { name: 'Corrida', message: 'x' })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = race.find((r) => r.status === 409)!;
    expect(((await lost.json()) as { error: string }).error).toBe('ERR_DUPLICATED_FILE_LIST');
    // Company B's name is B's: A may use it.
    await aAdmin.call('filesCreate', { body: { name: 'Segredos B', message: 'de A' } });

    // An agent lists them (the queue dialog picks from them) but cannot manage them.
    const before = await snapshotOf(aAdmin.user.companyId);
    const page = await aAgent.call('filesIndex', { query: { searchParam: 'tabel' } });
    expect(page.files.map((f) => f.name)).toEqual(['Tabelas']);
    const attempts: [string, () => Promise<Response>][] = [
      ['GET', () => aAgent.raw('GET', `/files/${list.id}`)],
      ['POST', () => aAgent.raw('POST', '/files', { name: 'Do agente', message: 'x' })],
      ['PUT', () => aAgent.raw('PUT', `/files/${list.id}`, { name: 'Mudada' })],
      ['DELETE', () => aAgent.raw('DELETE', `/files/${list.id}`)],
      [
        'upload',
        () =>
          upload(aAgent, list.id, [
            { id: list.options[0]!.id, name: 'x.png', type: 'image/png', bytes: PNG_1X1 },
          ]),
      ],
    ];
    for (const [what, send] of attempts) {
      const res = await send();
      expect(res.status, `${what}: ${await res.clone().text()}`).toBe(403);
    }
    expect(await snapshotOf(aAdmin.user.companyId)).toEqual(before);
  });

  it('stores each upload privately under its sniffed type and replaces the earlier one', async () => {
    const list = await aAdmin.call('filesCreate', {
      body: {
        name: 'Catálogo',
        message: 'Nosso catálogo',
        options: [{ name: 'PDF' }, { name: 'Foto' }],
      },
    });
    const [pdf, photo] = list.options as [
      FileListDetailView['options'][0],
      FileListDetailView['options'][0],
    ];

    // Content of no allowed kind is refused whatever the form says, and nothing is kept.
    const before = await snapshotOf(aAdmin.user.companyId);
    const fake = await upload(aAdmin, list.id, [
      { id: pdf.id, name: 'a.pdf', type: 'application/pdf', bytes: PDF },
      { id: photo.id, name: 'x.png', type: 'image/png', bytes: '<script>alert(1)</script>' },
    ]);
    expect(fake.status).toBe(400);
    // Ids that do not name this list's files, one per file, are refused too.
    const wrongId = await upload(aAdmin, list.id, [
      { id: bList.options[0]!.id, name: 'a.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    expect(wrongId.status).toBe(400);
    const noFiles = await aAdmin.raw('POST', `/files/uploadList/${list.id}`);
    expect(noFiles.status).toBe(400);
    expect(await snapshotOf(aAdmin.user.companyId)).toEqual(before);

    const done = await uploaded(
      await upload(aAdmin, list.id, [
        { id: photo.id, name: 'loja.png', type: 'application/pdf', bytes: PNG_1X1 },
        { id: pdf.id, name: '../../preços.pdf', type: 'text/plain', bytes: PDF },
      ]),
    );
    const url = new RegExp(`^/private/${aAdmin.user.companyId}/[0-9a-f]{32}\\.(pdf|png)$`);
    expect(done.options).toEqual([
      {
        id: pdf.id,
        name: 'PDF',
        path: expect.stringMatching(/^[0-9a-f]{32}\.pdf$/),
        mediaType: 'application/pdf',
        mediaUrl: expect.stringMatching(url),
      },
      {
        id: photo.id,
        name: 'Foto',
        path: expect.stringMatching(/^[0-9a-f]{32}\.png$/),
        mediaType: 'image/png',
        mediaUrl: expect.stringMatching(url),
      },
    ]);
    const pdfUrl = done.options[0]!.mediaUrl!;
    const read = await aAgent.raw('GET', pdfUrl);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await bAdmin.raw('GET', pdfUrl)).status).toBe(404);
    expect((await t.client().raw('GET', pdfUrl)).status).toBe(401);

    // A new upload for the PDF's place replaces it: the old file is gone.
    const again = await uploaded(
      await upload(aAdmin, list.id, [
        { id: pdf.id, name: 'foto.png', type: 'image/png', bytes: PNG_1X1 },
      ]),
    );
    expect(again.options[0]).toMatchObject({ id: pdf.id, mediaType: 'image/png' });
    expect(again.options[1]).toEqual(done.options[1]);
    expect((await aAdmin.raw('GET', pdfUrl)).status).toBe(404);
  });

  it('saves the whole list of files: keeps, recaptions, adds and removes (with its upload)', async () => {
    const list = await aAdmin.call('filesCreate', {
      body: { name: 'Manuais', message: 'Manuais', options: [{ name: 'Um' }, { name: 'Dois' }] },
    });
    const [one, two] = list.options.map((o) => o.id) as [number, number];
    const withFiles = await uploaded(
      await upload(aAdmin, list.id, [
        { id: one, name: 'um.pdf', type: 'application/pdf', bytes: PDF },
        { id: two, name: 'dois.png', type: 'image/png', bytes: PNG_1X1 },
      ]),
    );
    const twoUrl = withFiles.options[1]!.mediaUrl!;

    // An id of another list (here company B's) is refused and nothing changes.
    const before = await snapshotOf(aAdmin.user.companyId);
    const foreign = await apiError(() =>
      aAdmin.call('filesUpdate', {
        params: { id: list.id },
        body: {
          name: 'Mudou',
          options: [
            { id: one, name: 'Um' },
            { id: bList.options[0]!.id, name: 'B' },
          ],
        },
      }),
    );
    expect(foreign.status).toBe(400);
    expect((foreign.body as { fields: unknown }).fields).toEqual([
      { field: 'options.1.id', message: 'Not a file of this list' },
    ]);
    expect(await snapshotOf(aAdmin.user.companyId)).toEqual(before);

    const saved = await aAdmin.call('filesUpdate', {
      params: { id: list.id },
      body: {
        name: 'Manuais 2026',
        message: 'Os manuais novos',
        options: [{ id: one, name: 'Manual um' }, { name: 'Três' }],
      },
    });
    expect(saved).toMatchObject({ name: 'Manuais 2026', message: 'Os manuais novos' });
    expect(saved.options).toEqual([
      { ...withFiles.options[0], name: 'Manual um' },
      { id: expect.any(Number), name: 'Três', path: null, mediaType: null, mediaUrl: null },
    ]);
    // The removed file's upload is gone with it.
    expect((await aAdmin.raw('GET', twoUrl)).status).toBe(404);
    // Without options, the files stay as they are.
    const renamed = await aAdmin.call('filesUpdate', {
      params: { id: list.id },
      body: { message: 'Só a mensagem' },
    });
    expect(renamed.options).toEqual(saved.options);
  });

  it('deletes a list with its uploads; a queue that sent it keeps working without it', async () => {
    const list = await aAdmin.call('filesCreate', {
      body: { name: 'Temporária', message: 'x', options: [{ name: 'Arquivo' }] },
    });
    const done = await uploaded(
      await upload(aAdmin, list.id, [
        { id: list.options[0]!.id, name: 'a.pdf', type: 'application/pdf', bytes: PDF },
      ]),
    );
    const queue = await aAdmin.call('queuesCreate', {
      body: { name: 'Com arquivos', color: '#123456', fileListId: list.id },
    });
    expect(await aAdmin.call('filesDelete', { params: { id: list.id } })).toEqual({
      message: 'File list deleted',
    });
    expect((await aAdmin.raw('GET', done.options[0]!.mediaUrl!)).status).toBe(404);
    expect((await aAdmin.raw('GET', `/files/${list.id}`)).status).toBe(404);
    const [row] = await sql<{ fileListId: number | null }>(
      t.databaseUrl,
      `SELECT "fileListId" FROM queues WHERE id = $1`,
      [queue.id],
    );
    expect(row!.fileListId).toBeNull();
    const [left] = await sql<{ n: number }>(
      t.databaseUrl,
      `SELECT count(*)::int AS n FROM files_options WHERE "fileId" = $1`,
      [list.id],
    );
    expect(left!.n).toBe(0);
  });

  it('pushes company-{id}-file to the admins of the company only', async () => {
    const clients = { admin: aAdmin, agent: aAgent, b: bAdmin };
    const sockets = await Promise.all(Object.values(clients).map((c) => companySocket(t.url, c)));
    const seen: Record<
      string,
      { action: string; files?: { id: number; name: string }; fileId?: number }[]
    > = {};
    Object.keys(clients).forEach((k, i) => {
      seen[k] = [];
      sockets[i]!.onAny((event: string, p: { action: string }) => {
        if (event.endsWith('-file')) seen[k]!.push(p);
      });
    });
    try {
      const list = await aAdmin.call('filesCreate', {
        body: { name: 'Ao vivo', message: 'x', options: [{ name: 'Um' }] },
      });
      await uploaded(
        await upload(aAdmin, list.id, [
          { id: list.options[0]!.id, name: 'a.png', type: 'image/png', bytes: PNG_1X1 },
        ]),
      );
      await aAdmin.call('filesUpdate', { params: { id: list.id }, body: { name: 'Ao vivo 2' } });
      await aAdmin.call('filesDelete', { params: { id: list.id } });
      const end = Date.now() + 5000;
      while (seen.admin!.length < 4 && Date.now() < end)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      expect(seen.admin).toEqual([
        { action: 'create', files: expect.objectContaining({ id: list.id, name: 'Ao vivo' }) },
        {
          action: 'update',
          files: expect.objectContaining({
            options: [expect.objectContaining({ mediaType: 'image/png' })],
          }),
        },
        { action: 'update', files: expect.objectContaining({ name: 'Ao vivo 2' }) },
        { action: 'delete', fileId: list.id },
      ]);
      expect(seen.agent).toEqual([]);
      expect(seen.b).toEqual([]);
    } finally {
      sockets.forEach((s) => s.disconnect());
    }
  });
});

describe('file lists across companies', () => {
  it("refuses company B's list to A's admin on every route, B unchanged", async () => {
    const before = await snapshotOf(bAdmin.user.companyId);
    const attempts: [string, () => Promise<Response>][] = [
      ['GET', () => aAdmin.raw('GET', `/files/${bList.id}`)],
      ['PUT', () => aAdmin.raw('PUT', `/files/${bList.id}`, { name: 'Hacked', options: [] })],
      ['DELETE', () => aAdmin.raw('DELETE', `/files/${bList.id}`)],
      [
        'upload',
        () =>
          upload(aAdmin, bList.id, [
            { id: bList.options[0]!.id, name: 'x.png', type: 'image/png', bytes: PNG_1X1 },
          ]),
      ],
    ];
    for (const [what, send] of attempts) {
      const res = await send();
      expect(res.status, `${what}: ${await res.clone().text()}`).toBe(404);
    }
    const page = await aAdmin.call('filesIndex', {
      query: { searchParam: 'Segredos', companyId: bAdmin.user.companyId },
    });
    expect(page.files.every((f) => f.id !== bList.id)).toBe(true);
    // B's upload is B's: A cannot read it.
    expect((await aAdmin.raw('GET', bList.options[0]!.mediaUrl!)).status).toBe(404);
    expect(await snapshotOf(bAdmin.user.companyId)).toEqual(before);
  });

  it('answers malformed ids and bodies with 400 naming the field, changing nothing', async () => {
    const before = await snapshotOf(aAdmin.user.companyId);
    const cases: [string, string, unknown, string][] = [
      ['GET', '/files?pageNumber=0', undefined, 'query.pageNumber'],
      ['GET', '/files/abc', undefined, 'params.id'],
      ['PUT', '/files/-4', { name: 'Nome bom' }, 'params.id'],
      ['DELETE', '/files/1.5', undefined, 'params.id'],
      ['POST', '/files', { name: 5, message: 'x' }, 'name'],
      ['POST', '/files', { name: 'Nome bom', message: 'x', options: 'a' }, 'options'],
      [
        'POST',
        '/files',
        { name: 'Nome bom', message: 'x', options: [{ id: 'um' }] },
        'options.0.id',
      ],
      [
        'POST',
        '/files',
        {
          name: 'Nome bom',
          message: 'x',
          options: Array.from({ length: 21 }, () => ({ name: 'a' })),
        },
        'options',
      ],
      ['PUT', '/files/1', { options: [{ name: 7 }] }, 'options.0.name'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await aAdmin.raw(method, path, body);
      const json = (await res.json()) as { error: string; fields?: { field: string }[] };
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(
        json.fields?.map((f) => f.field),
        `${method} ${path}`,
      ).toContain(field);
    }
    const badId = await upload(aAdmin, 'abc', [
      { id: 1, name: 'x.png', type: 'image/png', bytes: PNG_1X1 },
    ]);
    expect(badId.status).toBe(400);
    const list = await aAdmin.call('filesCreate', {
      body: { name: 'Ids soltos', message: 'x', options: [{ name: 'Um' }] },
    });
    const sendsJunkId = await upload(aAdmin, list.id, [
      { id: 'um', name: 'x.png', type: 'image/png', bytes: PNG_1X1 },
    ]);
    expect(sendsJunkId.status).toBe(400);
    expect(((await sendsJunkId.json()) as { fields: { field: string }[] }).fields[0]!.field).toBe(
      'id',
    );
    await aAdmin.call('filesDelete', { params: { id: list.id } });
    expect(await snapshotOf(aAdmin.user.companyId)).toEqual(before);
  });
});
