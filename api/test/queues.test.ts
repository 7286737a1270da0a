import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
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
let aAdmin: Logged;
let aAgent: Logged;
let bAdmin: Logged;
const A = { companyId: 0 };
const B = { companyId: 0, queueId: 0, optionId: 0, childId: 0, integrationId: 0, fileId: 0 };
const sockets: Socket[] = [];

/** Every queue and option row of a company, to show another company's calls changed nothing. */
async function snapshot(companyId: number) {
  const queues = await sql(
    t.databaseUrl,
    `SELECT id, name, color, "greetingMessage", schedules FROM queues WHERE "companyId" = $1 ORDER BY id`,
    [companyId],
  );
  const options = await sql(
    t.databaseUrl,
    `SELECT id, "queueId", "parentId", name, "queueType", "optQueueId" FROM queue_options
      WHERE "companyId" = $1 ORDER BY id`,
    [companyId],
  );
  return { queues, options };
}

const fields = (e: { body: unknown }) =>
  ((e.body as { fields?: { field: string }[] }).fields ?? []).map((f) => f.field);

beforeAll(async () => {
  t = await startTestApi();
  const su = await t.login(SUPER.email, SUPER.password);
  const company = await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
  });
  B.companyId = company.id;
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  const bQueue = await bAdmin.call('queuesCreate', {
    body: {
      name: 'Fila B',
      color: '#123456',
      chatbots: [{ name: 'Opção B', greetingMessage: 'Escolha', options: [{ name: 'Filha B' }] }],
    },
  });
  B.queueId = bQueue.id;
  B.optionId = bQueue.chatbots[0]!.id;
  B.childId = bQueue.chatbots[0]!.options[0]!.id;
  const [integration] = await sql<{ id: number }>(
    t.databaseUrl,
    `INSERT INTO queue_integrations ("companyId", type, name, "jsonContent")
     VALUES ($1, 'n8n', 'Integração B', '{"secret":"b"}') RETURNING id`,
    [B.companyId],
  );
  B.integrationId = integration!.id;
  const [file] = await sql<{ id: number }>(
    t.databaseUrl,
    `INSERT INTO files ("companyId", name, message) VALUES ($1, 'Arquivos B', 'msg') RETURNING id`,
    [B.companyId],
  );
  B.fileId = file!.id;
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  A.companyId = aAdmin.user.companyId;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

describe('queues (docs/product/queues-and-chatbots.md#queues Queue, docs/product/queues-and-chatbots.md, docs/product/queues-and-chatbots.md#routes)', () => {
  it('creates a queue with every dialog field and lists it with its greeting', async () => {
    const schedules = [
      {
        weekday: 'Segunda-feira',
        weekdayEn: 'monday' as const,
        startTimeA: '08:00',
        endTimeA: '12:00',
        startTimeB: '13:00',
        endTimeB: '18:00',
      },
    ];
    const q = await aAdmin.call('queuesCreate', {
      body: {
        name: 'Cobrança',
        color: '#AA00FF',
        greetingMessage: 'Olá do financeiro',
        outOfHoursMessage: 'Fora do horário',
        orderQueue: 3,
        closeTicket: true,
        ativarRoteador: true,
        tempoRoteador: 10,
        schedules,
      },
    });
    expect(q).toMatchObject({
      name: 'Cobrança',
      color: '#AA00FF',
      orderQueue: 3,
      closeTicket: true,
      ativarRoteador: true,
      tempoRoteador: 10,
      schedules,
      chatbots: [],
    });
    const list = await aAgent.call('queuesIndex');
    expect(list.find((x) => x.id === q.id)).toMatchObject({ greetingMessage: 'Olá do financeiro' });
    // The lineage's selects send "" for "none".
    const blank = await aAdmin.call('queuesCreate', {
      body: {
        name: 'Vazia',
        color: '#010203',
        integrationId: '',
        fileListId: '',
        orderQueue: '',
      } as never,
    });
    expect(blank).toMatchObject({ integrationId: null, fileListId: null, orderQueue: null });
    await aAdmin.call('queuesDelete', { params: { id: blank.id } });
  });

  it('refuses invalid fields, naming each', async () => {
    const bad = await apiError(() =>
      aAdmin.call('queuesCreate', {
        body: {
          name: 'X',
          color: 'zz',
          schedules: [{ weekdayEn: 'monday', startTimeA: '25:00' }, { weekdayEn: 'monday' }],
        } as never,
      }),
    );
    expect(bad.status).toBe(400);
    expect(fields(bad)).toEqual(
      expect.arrayContaining(['name', 'color', 'schedules.0.startTimeA', 'schedules.1.weekdayEn']),
    );
    const tree = await apiError(() =>
      aAdmin.call('queuesCreate', {
        body: {
          name: 'Árvore',
          color: '#0A0B0C',
          chatbots: [{ name: 'abc' }, { name: 'Vendas', queueType: 'queue' }],
        },
      }),
    );
    expect(fields(tree)).toEqual(
      expect.arrayContaining(['chatbots.0.name', 'chatbots.1.optQueueId']),
    );
    const rotation = await apiError(() =>
      aAdmin.call('queuesCreate', {
        body: { name: 'Rodízio', color: '#0D0D0D', ativarRoteador: true, tempoRoteador: 0 },
      }),
    );
    expect(fields(rotation)).toEqual(['tempoRoteador']);
    const fin = (await aAdmin.call('queuesIndex')).find((q) => q.name === 'Cobrança')!;
    const off = await apiError(() =>
      aAdmin.call('queuesUpdate', { params: { id: fin.id }, body: { tempoRoteador: 0 } }),
    );
    expect(fields(off)).toEqual(['tempoRoteador']);
    const missing = await apiError(() => aAdmin.call('queuesCreate', { body: {} as never }));
    expect(fields(missing)).toEqual(expect.arrayContaining(['name', 'color']));
  });

  it('keeps names and colours unique in the company (colours without case)', async () => {
    const name = await apiError(() =>
      aAdmin.call('queuesCreate', { body: { name: 'Cobrança', color: '#00FF00' } }),
    );
    expect(name).toMatchObject({ status: 409, code: 'ERR_DUPLICATED_QUEUE' });
    const color = await apiError(() =>
      aAdmin.call('queuesCreate', { body: { name: 'Outra', color: '#aa00ff' } }),
    );
    expect(color).toMatchObject({ status: 409, code: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' });
    const other = await aAdmin.call('queuesCreate', { body: { name: 'Outra', color: '#00AA11' } });
    const fin = (await aAdmin.call('queuesIndex')).find((q) => q.name === 'Cobrança')!;
    expect(
      await apiError(() =>
        aAdmin.call('queuesUpdate', { params: { id: other.id }, body: { color: fin.color } }),
      ),
    ).toMatchObject({ status: 409, code: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' });
    // The same name and colour in another company are fine (B has #123456).
    const same = await aAdmin.call('queuesCreate', { body: { name: 'Fila B', color: '#123456' } });
    await aAdmin.call('queuesDelete', { params: { id: same.id } });
    // Saving a queue with its own name and colour is no conflict.
    await aAdmin.call('queuesUpdate', {
      params: { id: other.id },
      body: { name: 'Outra', color: '#00AA11' },
    });
    await aAdmin.call('queuesDelete', { params: { id: other.id } });
  });

  it("stops at the plan's queue limit", async () => {
    const [{ count }] = await sql<{ count: number }>(
      t.databaseUrl,
      `SELECT count(*)::int AS count FROM queues WHERE "companyId" = $1`,
      [A.companyId],
    );
    const [plan] = await sql<{ planId: number; queues: number }>(
      t.databaseUrl,
      `SELECT c."planId", p.queues FROM companies c JOIN plans p ON p.id = c."planId" WHERE c.id = $1`,
      [A.companyId],
    );
    await sql(t.databaseUrl, `UPDATE plans SET queues = $2 WHERE id = $1`, [plan!.planId, count]);
    try {
      expect(
        await apiError(() =>
          aAdmin.call('queuesCreate', { body: { name: 'Limite', color: '#0F0F0F' } }),
        ),
      ).toMatchObject({ status: 403, code: 'ERR_QUEUE_LIMIT_REACHED' });
    } finally {
      await sql(t.databaseUrl, `UPDATE plans SET queues = $2 WHERE id = $1`, [
        plan!.planId,
        plan!.queues,
      ]);
    }
  });

  it('lets only admins write (a profile user gets 403)', async () => {
    const q = (await aAdmin.call('queuesIndex')).find((x) => x.name === 'Cobrança')!;
    for (const call of [
      () => aAgent.call('queuesCreate', { body: { name: 'Agente', color: '#ABCDEF' } }),
      () => aAgent.call('queuesUpdate', { params: { id: q.id }, body: { name: 'Hack' } }),
      () => aAgent.call('queuesDelete', { params: { id: q.id } }),
      () => aAgent.call('chatbotCreate', { body: { queueId: q.id, name: 'Agente' } }),
    ])
      expect(await apiError(call)).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    // Reading one queue is fine for any user of the company.
    expect((await aAgent.call('queuesShow', { params: { id: q.id } })).name).toBe('Cobrança');
  });

  it('pushes company-{id}-queue updates and deletes to the company', async () => {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = io(`${t.url}/${A.companyId}`, {
        auth: { token: aAgent.token },
        query: { userId: String(aAgent.user.id) },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
    const seen: { action: string; queue?: { name: string }; queueId?: number }[] = [];
    socket.on(`company-${A.companyId}-queue`, (p) => seen.push(p));
    const q = await aAdmin.call('queuesCreate', { body: { name: 'Ao vivo', color: '#0C0C0C' } });
    await aAdmin.call('queuesDelete', { params: { id: q.id } });
    await expect.poll(() => seen.length).toBe(2);
    expect(seen[0]).toMatchObject({ action: 'update', queue: { name: 'Ao vivo' } });
    expect(seen[1]).toEqual({ action: 'delete', queueId: q.id });
  });
});

describe('the chatbot option tree', () => {
  let queueId = 0;
  let targetQueueId = 0;

  it('round-trips a two-level tree sent through PUT /queue/:id, nested and ordered', async () => {
    const q = await aAdmin.call('queuesCreate', {
      body: { name: 'Central', color: '#112233' },
    });
    queueId = q.id;
    targetQueueId = (await aAdmin.call('queuesIndex')).find((x) => x.name === 'Cobrança')!.id;
    const saved = await aAdmin.call('queuesUpdate', {
      params: { id: queueId },
      body: {
        greetingMessage: 'Escolha uma opção',
        chatbots: [
          {
            name: 'Vendas',
            greetingMessage: 'Vendas: escolha',
            options: [
              { name: 'Novos clientes', queueType: 'queue', optQueueId: targetQueueId },
              { name: 'Renovação', greetingMessage: 'Renove aqui' },
            ],
          },
          {
            name: 'Suporte',
            greetingMessage: 'Suporte: escolha',
            options: [
              {
                name: 'Técnico',
                queueType: 'attendent',
                optUserId: aAgent.user.id,
                optQueueId: targetQueueId,
              },
            ],
          },
        ],
      },
    });
    const read = await aAdmin.call('queuesShow', { params: { id: queueId } });
    expect(read).toEqual(saved);
    expect(read.chatbots.map((c) => c.name)).toEqual(['Vendas', 'Suporte']);
    expect(read.chatbots[0]!.options.map((c) => [c.name, c.order])).toEqual([
      ['Novos clientes', 0],
      ['Renovação', 1],
    ]);
    expect(read.chatbots[0]!.options[0]).toMatchObject({
      queueType: 'queue',
      optQueueId: targetQueueId,
      parentId: read.chatbots[0]!.id,
      options: [],
    });
    expect(read.chatbots[1]!.options[0]).toMatchObject({
      queueType: 'attendent',
      optUserId: aAgent.user.id,
    });
  });

  it('edits a branch, deletes another with its children, and leaves unsent levels alone', async () => {
    const before = await aAdmin.call('queuesShow', { params: { id: queueId } });
    const [vendas, suporte] = before.chatbots;
    const suporteChild = suporte!.options[0]!.id;
    // Roots only, without `options`: children of Vendas stay; Suporte (not sent) goes with its child.
    const after = await aAdmin.call('queuesUpdate', {
      params: { id: queueId },
      body: {
        chatbots: [
          { id: vendas!.id, name: 'Vendas e pedidos' },
          {
            name: 'Financeiro 2',
            queueType: 'text',
            greetingMessage: 'Financeiro: escolha',
            options: [{ name: 'Boletos' }],
          },
        ],
      },
    });
    expect(after.chatbots.map((c) => c.name)).toEqual(['Vendas e pedidos', 'Financeiro 2']);
    expect(after.chatbots[0]!.options.map((c) => c.name)).toEqual(['Novos clientes', 'Renovação']);
    expect(after.chatbots[1]!.options.map((c) => c.name)).toEqual(['Boletos']);
    const gone = await sql(
      t.databaseUrl,
      `SELECT id FROM queue_options WHERE id = ANY($1::int[])`,
      [[suporte!.id, suporteChild]],
    );
    expect(gone).toEqual([]);
    // Sending a level replaces it: Renovação is dropped, Novos clientes renamed.
    const edited = await aAdmin.call('queuesUpdate', {
      params: { id: queueId },
      body: {
        chatbots: [
          {
            id: vendas!.id,
            name: 'Vendas e pedidos',
            options: [{ id: after.chatbots[0]!.options[0]!.id, name: 'Clientes novos' }],
          },
          { id: after.chatbots[1]!.id, name: 'Financeiro 2' },
        ],
      },
    });
    expect(edited.chatbots[0]!.options.map((c) => c.name)).toEqual(['Clientes novos']);
    expect(edited.chatbots[0]!.options[0]).toMatchObject({
      queueType: 'queue',
      optQueueId: targetQueueId,
    });
  });

  it('refuses an option id of another queue or company, and rolls the whole save back', async () => {
    const before = await aAdmin.call('queuesShow', { params: { id: queueId } });
    const e = await apiError(() =>
      aAdmin.call('queuesUpdate', {
        params: { id: queueId },
        body: {
          name: 'Renomeada',
          chatbots: [{ name: 'Nova raiz' }, { id: B.optionId, name: 'Roubada' }],
        },
      }),
    );
    expect(e).toMatchObject({ status: 400, code: 'ERR_VALIDATION' });
    expect(await aAdmin.call('queuesShow', { params: { id: queueId } })).toEqual(before);
    const refs = await apiError(() =>
      aAdmin.call('queuesUpdate', {
        params: { id: queueId },
        body: { chatbots: [{ name: 'Para B', queueType: 'queue', optQueueId: B.queueId }] },
      }),
    );
    expect(fields(refs)).toEqual(['chatbots.optQueueId']);
    const integration = await apiError(() =>
      aAdmin.call('queuesUpdate', {
        params: { id: queueId },
        body: { integrationId: B.integrationId },
      }),
    );
    expect(fields(integration)).toEqual(['integrationId']);
    const file = await apiError(() =>
      aAdmin.call('queuesUpdate', { params: { id: queueId }, body: { fileListId: B.fileId } }),
    );
    expect(fields(file)).toEqual(['fileListId']);
  });

  it('asks a message of every option with options under it, checked on the stored tree', async () => {
    const before = await aAdmin.call('queuesShow', { params: { id: queueId } });
    const silent = await apiError(() =>
      aAdmin.call('queuesUpdate', {
        params: { id: queueId },
        body: {
          name: 'Renomeada',
          chatbots: [
            ...before.chatbots.map((c) => ({ id: c.id, name: c.name })),
            { name: 'Sem mensagem', options: [{ name: 'Filha' }] },
          ],
        },
      }),
    );
    expect(silent).toMatchObject({ status: 400, code: 'ERR_VALIDATION' });
    expect(fields(silent)).toEqual(['greetingMessage']);
    expect(await aAdmin.call('queuesShow', { params: { id: queueId } })).toEqual(before);
    // A node sent by its id alone keeps its stored message, so it may gain a level.
    const root = before.chatbots[0]!;
    expect(root.greetingMessage).toBeTruthy();
    const grown = await aAdmin.call('queuesUpdate', {
      params: { id: queueId },
      body: {
        chatbots: [
          {
            id: root.id,
            name: root.name,
            options: [...root.options.map((o) => ({ id: o.id, name: o.name })), { name: 'Nova' }],
          },
          ...before.chatbots.slice(1).map((c) => ({ id: c.id, name: c.name })),
        ],
      },
    });
    const nova = grown.chatbots[0]!.options.find((o) => o.name === 'Nova')!;
    // Through /chatbot: no child under an option without a message, and no clearing the
    // message of an option that has children.
    const under = await apiError(() =>
      aAdmin.call('chatbotCreate', { body: { queueId, parentId: nova.id, name: 'Neta' } }),
    );
    expect(fields(under)).toEqual(['greetingMessage']);
    const cleared = await apiError(() =>
      aAdmin.call('chatbotUpdate', { params: { id: root.id }, body: { greetingMessage: '  ' } }),
    );
    expect(fields(cleared)).toEqual(['greetingMessage']);
    expect((await aAdmin.call('chatbotShow', { params: { id: root.id } })).greetingMessage).toBe(
      root.greetingMessage,
    );
    await aAdmin.call('queuesUpdate', {
      params: { id: queueId },
      body: {
        chatbots: before.chatbots.map((c) => ({
          id: c.id,
          name: c.name,
          options: c.options.map((o) => ({ id: o.id, name: o.name })),
        })),
      },
    });
  });

  it('edits options one at a time through /chatbot', async () => {
    const q = await aAdmin.call('queuesShow', { params: { id: queueId } });
    const root = q.chatbots[1]!;
    const child = await aAdmin.call('chatbotCreate', {
      body: { queueId, parentId: root.id, name: 'Segunda via', greetingMessage: 'Segue' },
    });
    expect(child).toMatchObject({
      parentId: root.id,
      queueId,
      order: 1,
      queueType: 'text',
      options: [],
    });
    const grandchild = await aAdmin.call('chatbotCreate', {
      body: { queueId, parentId: child.id, name: 'Por e-mail' },
    });
    const shown = await aAdmin.call('chatbotShow', { params: { id: root.id } });
    expect(shown.options.map((o) => o.name)).toEqual(['Boletos', 'Segunda via']);
    expect(shown.options[1]!.options.map((o) => o.id)).toEqual([grandchild.id]);

    const typed = await apiError(() =>
      aAdmin.call('chatbotUpdate', { params: { id: child.id }, body: { queueType: 'file' } }),
    );
    expect(fields(typed)).toEqual(['optFileId']);
    const [fileList] = await sql<{ id: number }>(
      t.databaseUrl,
      `INSERT INTO files ("companyId", name, message) VALUES ($1, 'Tabela', 'Veja') RETURNING id`,
      [A.companyId],
    );
    const updated = await aAdmin.call('chatbotUpdate', {
      params: { id: child.id },
      body: { queueType: 'file', optFileId: fileList!.id, closeTicket: true },
    });
    expect(updated).toMatchObject({
      queueType: 'file',
      optFileId: fileList!.id,
      closeTicket: true,
    });
    expect(
      fields(
        await apiError(() =>
          aAdmin.call('chatbotUpdate', { params: { id: child.id }, body: { optFileId: B.fileId } }),
        ),
      ),
    ).toEqual(['optFileId']);

    // A parent must be an option of the same queue.
    const other = await aAdmin.call('queuesCreate', {
      body: { name: 'Outra fila', color: '#445566' },
    });
    const wrongParent = await apiError(() =>
      aAdmin.call('chatbotCreate', {
        body: { queueId: other.id, parentId: root.id, name: 'Errada' },
      }),
    );
    expect(fields(wrongParent)).toEqual(['parentId']);
    await aAdmin.call('queuesDelete', { params: { id: other.id } });

    // Deleting an option takes its whole subtree.
    await aAdmin.call('chatbotDelete', { params: { id: child.id } });
    const left = await sql(
      t.databaseUrl,
      `SELECT id FROM queue_options WHERE id = ANY($1::int[])`,
      [[child.id, grandchild.id]],
    );
    expect(left).toEqual([]);
    expect(
      await apiError(() => aAdmin.call('chatbotShow', { params: { id: child.id } })),
    ).toMatchObject({ status: 404, code: 'ERR_CHATBOT_NOT_FOUND' });
  });

  it('deletes a queue with its whole tree', async () => {
    await aAdmin.call('queuesDelete', { params: { id: queueId } });
    const rows = await sql(t.databaseUrl, `SELECT id FROM queue_options WHERE "queueId" = $1`, [
      queueId,
    ]);
    expect(rows).toEqual([]);
    expect(
      await apiError(() => aAdmin.call('queuesShow', { params: { id: queueId } })),
    ).toMatchObject({
      status: 404,
      code: 'ERR_QUEUE_NOT_FOUND',
    });
  });
});

describe('picker lists', () => {
  it("list the caller's company only, without secrets, whatever companyId says", async () => {
    await sql(
      t.databaseUrl,
      `INSERT INTO queue_integrations ("companyId", type, name, "jsonContent") VALUES ($1, 'dialogflow', 'Bot A', '{"k":"secret"}')`,
      [A.companyId],
    );
    await sql(
      t.databaseUrl,
      `INSERT INTO prompts ("companyId", name, prompt, "apiKey") VALUES ($1, 'Assistente A', 'Seja gentil', 'sk-secret-a'),
                                                                    ($2, 'Assistente B', 'x', 'sk-secret-b')`,
      [A.companyId, B.companyId],
    );
    const integrations = await aAgent.call('queueIntegrationsIndex');
    expect(integrations).toMatchObject({
      count: 1,
      hasMore: false,
      queueIntegrations: [{ name: 'Bot A', type: 'dialogflow' }],
    });
    expect(JSON.stringify(integrations)).not.toContain('secret');
    const prompts = await aAdmin.call('promptsIndex', { query: { searchParam: 'assist' } });
    expect(prompts.prompts.map((p) => p.name)).toEqual(['Assistente A']);
    expect(JSON.stringify(prompts)).not.toContain('sk-secret');
    const files = await aAdmin.call('filesIndex', { query: { companyId: B.companyId } });
    expect(files.files.map((f) => f.name)).toEqual(['Tabela']);
    expect((await aAdmin.call('filesIndex', { query: { searchParam: '%' } })).files).toEqual([]);
  });
});

describe('GET /queue/user', () => {
  it("lists the caller's own queues in menu order, never another company's", async () => {
    const mine = await sql<{ id: number }>(
      t.databaseUrl,
      `INSERT INTO queues ("companyId", name, color, "orderQueue")
       VALUES ($1, 'Minha Z', '#010101', 2), ($1, 'Minha A', '#020202', 1), ($1, 'De outro', '#030303', 0)
       RETURNING id`,
      [A.companyId],
    );
    const [z, a] = mine.map((r) => r.id) as [number, number];
    await sql(t.databaseUrl, `DELETE FROM user_queues WHERE "userId" = $1`, [aAgent.user.id]);
    await sql(
      t.databaseUrl,
      `INSERT INTO user_queues ("userId", "queueId", "companyId") VALUES ($1, $2, $4), ($1, $3, $4)`,
      [aAgent.user.id, z, a, A.companyId],
    );
    const own = await aAgent.call('queuesOfUser');
    expect(own.map((q) => q.name)).toEqual(['Minha A', 'Minha Z']);
    expect(own[0]).toMatchObject({ id: a, color: '#020202', orderQueue: 1 });
    // B's admin, whatever A's rows say, sees only B's own (none are theirs).
    expect(await bAdmin.call('queuesOfUser')).toEqual([]);
  });
});

describe('company A against company B', () => {
  it("cannot read, change or delete B's queues and options, and B stays as it was", async () => {
    const before = await snapshot(B.companyId);
    for (const c of [aAdmin, aAgent]) {
      const calls: [() => Promise<unknown>, number[]][] = [
        [() => c.call('queuesShow', { params: { id: B.queueId } }), [404]],
        [
          () =>
            c.call('queuesUpdate', {
              params: { id: B.queueId },
              body: { name: 'Hack', chatbots: [] },
            }),
          [403, 404],
        ],
        [() => c.call('queuesDelete', { params: { id: B.queueId } }), [403, 404]],
        [() => c.call('chatbotShow', { params: { id: B.optionId } }), [403, 404]],
        [
          () => c.call('chatbotUpdate', { params: { id: B.childId }, body: { name: 'Hackeada' } }),
          [403, 404],
        ],
        [() => c.call('chatbotDelete', { params: { id: B.optionId } }), [403, 404]],
        [
          () => c.call('chatbotCreate', { body: { queueId: B.queueId, name: 'Intrusa' } }),
          [400, 403],
        ],
        [
          () =>
            c.call('chatbotCreate', {
              body: { queueId: B.queueId, parentId: B.optionId, name: 'Intrusa' },
            }),
          [400, 403],
        ],
      ];
      for (const [call, statuses] of calls)
        expect(statuses).toContain((await apiError(call)).status);
    }
    const mine = (await aAdmin.call('queuesIndex')).find((q) => q.name === 'Cobrança')!;
    expect(
      await apiError(() =>
        aAdmin.call('chatbotCreate', {
          body: { queueId: mine.id, parentId: B.optionId, name: 'Intrusa' },
        }),
      ),
    ).toMatchObject({ status: 400 });
    expect((await aAdmin.call('queuesIndex')).map((q) => q.id)).not.toContain(B.queueId);
    expect(await snapshot(B.companyId)).toEqual(before);
  });
});

describe("another company's queues", () => {
  it('lists them to a super admin who names the company, never to anyone else', async () => {
    const su = await t.login(SUPER.email, SUPER.password);
    const ofB = await su.call('queuesIndex', { query: { companyId: B.companyId } });
    expect(ofB.map((q) => q.id)).toContain(B.queueId);
    expect(ofB.map((q) => q.name)).toContain('Fila B');
    for (const c of [aAdmin, aAgent]) {
      const own = await c.call('queuesIndex', { query: { companyId: B.companyId } });
      expect(own.map((q) => q.id)).not.toContain(B.queueId);
      expect(own).toEqual(await c.call('queuesIndex'));
    }
  });
});

describe('malformed input', () => {
  it.each([
    ['GET', '/queue/abc'],
    ['GET', '/queue/0'],
    ['DELETE', '/queue/-1'],
    ['GET', '/chatbot/1.5'],
    ['DELETE', '/chatbot/abc'],
    ['GET', '/queueIntegration?pageNumber=0'],
    ['GET', '/prompt?pageNumber=abc'],
    ['GET', '/files?companyId=x'],
    ['GET', '/queue?companyId=x'],
  ])('%s %s is 400 ERR_VALIDATION', async (method, path) => {
    const res = await aAdmin.raw(method, path);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
  });

  it('refuses a tree deeper than 10 levels', async () => {
    let node: Record<string, unknown> = { name: 'Folha' };
    for (let i = 0; i < 11; i++) node = { name: `Nível ${i}`, options: [node] };
    const res = await aAdmin.raw('POST', '/queue', {
      name: 'Funda',
      color: '#999999',
      chatbots: [node],
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'chatbots' }],
    });
  });
});
