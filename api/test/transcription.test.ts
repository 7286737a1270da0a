import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@atendo/core/logger.js';
import {
  apiError,
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { startFakeOpenAi, type FakeOpenAi } from '@atendo/testing/fake-openai';
import { sql } from './support/sql.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

const OPENAI_KEY = 'sk-proj-Transcr1ptionSecretKeyOpenAi0123456789abcd';
const GROQ_KEY = 'gsk_Transcr1ptionSecretKeyGroq0123456789wxyz';
const B_KEY = 'sk-proj-CompanyBSecretKeyNeverSeenByA000000000009';
/** An Ogg page header and some bytes: what a WhatsApp voice note starts with. */
const OGG = Buffer.concat([Buffer.from('OggS\0\x02', 'latin1'), Buffer.alloc(200, 7)]);

let t: TestApi;
let fake: FakeOpenAi;
let aAdmin: Logged;
let aAgent: Logged;
let bAdmin: Logged;
const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-transcription-'));
const logLines: string[] = [];
/** Every response body the test read, to prove no key ever comes back. */
const bodies: string[] = [];
const A = { companyId: 0, ticket: 0, hiddenTicket: 0, audio: 0, text: 0, audioUrl: '' };
const B = { companyId: 0, ticket: 0, audio: 0 };

const keep = <T>(value: T): T => {
  bodies.push(JSON.stringify(value));
  return value;
};
const failure = async (fn: () => Promise<unknown>) => keep(await apiError(fn));

/** A contact, its ticket (in the agent's queue unless `queue` is false) and messages. */
async function conversation(companyId: number, number: string, queue = true) {
  const [contact] = await sql<{ id: number }>(
    t.databaseUrl,
    `INSERT INTO contacts ("companyId", name, number) VALUES ($1, 'Cliente', $2) RETURNING id`,
    [companyId, number],
  );
  const [ticket] = await sql<{ id: number }>(
    t.databaseUrl,
    `INSERT INTO tickets ("companyId", "contactId", status, protocol, "queueId")
     VALUES ($1, $2, 'open', $3,
             CASE WHEN $4 THEN (SELECT "queueId" FROM user_queues WHERE "companyId" = $1
                                 ORDER BY "queueId" LIMIT 1) END)
     RETURNING id`,
    [companyId, contact!.id, `T-${number}`, queue],
  );
  return { contact: contact!.id, ticket: ticket!.id };
}

/** An inbound message of a ticket; an audio one gets its file in the private folder. */
async function message(companyId: number, ticketId: number, contactId: number, audio: boolean) {
  let mediaUrl: string | null = null;
  if (audio) {
    const name = `${Math.random().toString(16).slice(2).padEnd(16, '0')}${'a'.repeat(16)}.ogg`;
    fs.mkdirSync(path.join(privateDir, `company${companyId}`), { recursive: true });
    fs.writeFileSync(path.join(privateDir, `company${companyId}`, name), OGG);
    mediaUrl = `/private/${companyId}/${name}`;
  }
  const [row] = await sql<{ id: number }>(
    t.databaseUrl,
    `INSERT INTO messages ("companyId", "ticketId", "contactId", body, "fromMe", "mediaType", "mediaUrl")
     VALUES ($1, $2, $3, $4, false, $5, $6) RETURNING id`,
    [companyId, ticketId, contactId, audio ? '' : 'oi', audio ? 'audio' : 'chat', mediaUrl],
  );
  return { id: row!.id, mediaUrl: mediaUrl ?? '' };
}

const credentialRows = (companyId: number) =>
  sql<{ service: string; apiKey: string; isActive: boolean }>(
    t.databaseUrl,
    `SELECT service, "apiKey", "isActive" FROM transcription_credentials
      WHERE "companyId" = $1 ORDER BY service`,
    [companyId],
  );
const messageRow = (id: number) =>
  sql(t.databaseUrl, `SELECT body, "dataJson", "updatedAt" FROM messages WHERE id = $1`, [id]);

beforeAll(async () => {
  fake = await startFakeOpenAi({ openai: OPENAI_KEY, groq: GROQ_KEY });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  t = await startTestApi(
    {
      LOGIN_RATE_LIMIT: '1000',
      PRIVATE_UPLOAD_DIR: privateDir,
      TRANSCRIPTION_OPENAI_URL: fake.url,
      TRANSCRIPTION_GROQ_URL: `${fake.url}/`,
    },
    { logger: createLogger('trace', sink) },
  );
  const su = await t.login(SUPER.email, SUPER.password);
  B.companyId = (
    await su.call('companiesCreate', {
      body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
    })
  ).id;
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  A.companyId = aAdmin.user.companyId;
  const a = await conversation(A.companyId, '5511999990001');
  A.ticket = a.ticket;
  const audio = await message(A.companyId, a.ticket, a.contact, true);
  A.audio = audio.id;
  A.audioUrl = audio.mediaUrl;
  A.text = (await message(A.companyId, a.ticket, a.contact, false)).id;
  const hidden = await conversation(A.companyId, '5511999990002', false);
  A.hiddenTicket = hidden.ticket;
  await message(A.companyId, hidden.ticket, hidden.contact, true);
  const b = await conversation(B.companyId, '5511999990003');
  B.ticket = b.ticket;
  B.audio = (await message(B.companyId, b.ticket, b.contact, true)).id;
  await bAdmin.call('transcriptionCredentialsCreate', {
    body: { service: 'openai', apiKey: B_KEY, isActive: true },
  });
  await bAdmin.call('transcriptionDefaultUpdate', { body: { service: 'openai' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
  fs.rmSync(privateDir, { recursive: true, force: true });
});

describe('transcription credentials', () => {
  it('are for company admins only', async () => {
    for (const call of [
      () => aAgent.call('transcriptionCredentialsIndex'),
      () => aAgent.call('transcriptionDefaultShow'),
      () => aAgent.call('transcriptionDefaultUpdate', { body: { service: 'default' } }),
      () =>
        aAgent.call('transcriptionCredentialsCreate', {
          body: { service: 'openai', apiKey: OPENAI_KEY, isActive: true },
        }),
    ])
      expect((await failure(call)).status).toBe(403);
    expect(await credentialRows(A.companyId)).toEqual([]);
  });

  it('start on the native service, refuse an external one without an active key', async () => {
    expect(keep(await aAdmin.call('transcriptionCredentialsIndex'))).toEqual([]);
    expect(keep(await aAdmin.call('transcriptionDefaultShow'))).toEqual({ service: 'default' });
    const refused = await failure(() =>
      aAdmin.call('transcriptionDefaultUpdate', { body: { service: 'openai' } }),
    );
    expect(refused).toMatchObject({ status: 400, code: 'ERR_TRANSCRIPTION_NO_CREDENTIAL' });
    expect(keep(await aAdmin.call('transcriptionDefaultShow'))).toEqual({ service: 'default' });
  });

  it('store one key per service, sealed, and answer it masked', async () => {
    const first = keep(
      await aAdmin.call('transcriptionCredentialsCreate', {
        body: {
          service: 'openai',
          apiKey: 'sk-proj-an-older-key-to-be-replaced-0000',
          isActive: true,
        },
      }),
    );
    const saved = keep(
      await aAdmin.call('transcriptionCredentialsCreate', {
        body: { service: 'openai', apiKey: ` ${OPENAI_KEY} `, isActive: true },
      }),
    );
    // A second key for the service replaces the first (one credential per service).
    expect(saved).toMatchObject({
      id: first.id,
      service: 'openai',
      apiKey: 'sk-…abcd',
      isActive: true,
    });
    const groq = keep(
      await aAdmin.call('transcriptionCredentialsCreate', {
        body: { service: 'groq', apiKey: GROQ_KEY, isActive: false },
      }),
    );
    expect(groq).toMatchObject({ service: 'groq', apiKey: 'gsk…wxyz', isActive: false });
    const list = keep(await aAdmin.call('transcriptionCredentialsIndex'));
    expect(list.map((c) => [c.service, c.apiKey, c.isActive])).toEqual([
      ['groq', 'gsk…wxyz', false],
      ['openai', 'sk-…abcd', true],
    ]);
    const rows = await credentialRows(A.companyId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.apiKey).toMatch(/^v1:/);
      expect(row.apiKey).not.toContain('Transcr1ption');
    }
    // An inactive key does not make its service pickable.
    const inactive = await failure(() =>
      aAdmin.call('transcriptionDefaultUpdate', { body: { service: 'groq' } }),
    );
    expect(inactive.code).toBe('ERR_TRANSCRIPTION_NO_CREDENTIAL');
    expect(
      keep(await aAdmin.call('transcriptionDefaultUpdate', { body: { service: 'openai' } })),
    ).toEqual({ service: 'openai' });
    expect(keep(await aAdmin.call('transcriptionDefaultShow'))).toEqual({ service: 'openai' });
  });

  it('refuse malformed input naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ service: 'azure', apiKey: OPENAI_KEY, isActive: true }, 'service'],
      [{ service: 'default', apiKey: OPENAI_KEY }, 'service'],
      [{ service: 'openai', apiKey: '   ' }, 'apiKey'],
      [{ service: 'openai', apiKey: 42 }, 'apiKey'],
      [{ service: 'openai', apiKey: OPENAI_KEY, isActive: 'yes' }, 'isActive'],
    ];
    for (const [body, field] of cases) {
      const res = await aAdmin.raw('POST', '/transcription-credentials', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field }] });
    }
    const res = await aAdmin.raw('PUT', '/transcription-credentials/default', {
      service: 'whisper',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: [{ field: 'service' }] });
    expect(keep(await aAdmin.call('transcriptionDefaultShow'))).toEqual({ service: 'openai' });
  });

  it("keep each company's credentials and default to itself", async () => {
    const bList = keep(await bAdmin.call('transcriptionCredentialsIndex'));
    expect(bList.map((c) => [c.service, c.apiKey])).toEqual([['openai', 'sk-…0009']]);
    const bRows = await credentialRows(B.companyId);
    await aAdmin.call('transcriptionDefaultUpdate', { body: { service: 'default' } });
    expect(keep(await bAdmin.call('transcriptionDefaultShow'))).toEqual({ service: 'openai' });
    await aAdmin.call('transcriptionDefaultUpdate', { body: { service: 'openai' } });
    expect(await credentialRows(B.companyId)).toEqual(bRows);
  });
});

describe('POST /transcription/:ticketId', () => {
  const transcribe = (c: Logged, ticketId: number, body: Record<string, unknown>) =>
    c.call('transcriptionTranscribe', { params: { ticketId }, body: body as never });

  it('sends the audio to the default service with the company key and answers its text', async () => {
    fake.requests.length = 0;
    const before = await messageRow(A.audio);
    const res = keep(await transcribe(aAgent, A.ticket, { mediaUrl: A.audioUrl }));
    expect(res).toEqual({ messageId: A.audio, text: fake.text });
    expect(fake.requests).toEqual([
      {
        path: '/v1/audio/transcriptions',
        authorization: `Bearer ${OPENAI_KEY}`,
        model: 'whisper-1',
        responseFormat: 'json',
        file: expect.objectContaining({ type: 'audio/ogg', size: OGG.length, head: 'OggS' }),
      },
    ]);
    // By the message itself (the console's quotedMsg), too.
    const byMessage = keep(await transcribe(aAdmin, A.ticket, { quotedMsg: { id: A.audio } }));
    expect(byMessage.messageId).toBe(A.audio);
    // Groq: its own path, model and key.
    await aAdmin.call('transcriptionCredentialsCreate', {
      body: { service: 'groq', apiKey: GROQ_KEY, isActive: true },
    });
    await aAdmin.call('transcriptionDefaultUpdate', { body: { service: 'groq' } });
    keep(await transcribe(aAgent, A.ticket, { quotedMsg: A.audio }));
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/openai/v1/audio/transcriptions',
      authorization: `Bearer ${GROQ_KEY}`,
      model: 'whisper-large-v3',
    });
    expect(await messageRow(A.audio)).toEqual(before);
  });

  it('answers a clear code when no service can transcribe', async () => {
    await aAdmin.call('transcriptionDefaultUpdate', { body: { service: 'default' } });
    const native = await failure(() => transcribe(aAgent, A.ticket, { mediaUrl: A.audioUrl }));
    expect(native).toMatchObject({ status: 400, code: 'ERR_TRANSCRIPTION_NOT_CONFIGURED' });
    await aAdmin.call('transcriptionDefaultUpdate', { body: { service: 'groq' } });
    await aAdmin.call('transcriptionCredentialsCreate', {
      body: { service: 'groq', apiKey: GROQ_KEY, isActive: false },
    });
    const inactive = await failure(() => transcribe(aAgent, A.ticket, { mediaUrl: A.audioUrl }));
    expect(inactive).toMatchObject({ status: 400, code: 'ERR_TRANSCRIPTION_NO_CREDENTIAL' });
    await aAdmin.call('transcriptionDefaultUpdate', { body: { service: 'openai' } });
  });

  it('turns an upstream failure into a 502 and stores nothing', async () => {
    const before = await messageRow(A.audio);
    fake.failNext(500);
    const down = await failure(() => transcribe(aAgent, A.ticket, { mediaUrl: A.audioUrl }));
    expect(down).toMatchObject({ status: 502, code: 'ERR_TRANSCRIPTION_FAILED' });
    // A key the service refuses is the same failure (the upstream body is not passed on).
    fake.keys.openai = 'sk-rotated';
    const refused = await failure(() => transcribe(aAgent, A.ticket, { mediaUrl: A.audioUrl }));
    expect(refused).toMatchObject({ status: 502, code: 'ERR_TRANSCRIPTION_FAILED' });
    fake.keys.openai = OPENAI_KEY;
    expect(await messageRow(A.audio)).toEqual(before);
  });

  it('refuses tickets the caller may not open, other messages and malformed input', async () => {
    expect(
      await failure(() => transcribe(aAgent, 999_999, { mediaUrl: A.audioUrl })),
    ).toMatchObject({ status: 404, code: 'ERR_NO_TICKET_FOUND' });
    // A ticket with no queue is not the agent's (no allTicket): the same answer as a missing one.
    expect(
      await failure(() => transcribe(aAgent, A.hiddenTicket, { mediaUrl: A.audioUrl })),
    ).toMatchObject({ status: 404, code: 'ERR_NO_TICKET_FOUND' });
    // The audio of another conversation is not found under this ticket.
    expect(
      await failure(() => transcribe(aAdmin, A.hiddenTicket, { quotedMsg: A.audio })),
    ).toMatchObject({ status: 404, code: 'ERR_NOT_FOUND' });
    expect(await failure(() => transcribe(aAgent, A.ticket, { quotedMsg: A.text }))).toMatchObject({
      status: 400,
      code: 'ERR_TRANSCRIPTION_NOT_AUDIO',
    });
    const empty = await aAgent.raw('POST', `/transcription/${A.ticket}`, {});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'mediaUrl' }],
    });
    const badId = await aAgent.raw('POST', '/transcription/abc', { mediaUrl: A.audioUrl });
    expect(badId.status).toBe(400);
    const badQuoted = await aAgent.raw('POST', `/transcription/${A.ticket}`, { quotedMsg: 'x' });
    expect(badQuoted.status).toBe(400);
  });

  it("never reaches another company's ticket or audio", async () => {
    const before = await messageRow(B.audio);
    const calls = fake.requests.length;
    for (const c of [aAdmin, aAgent]) {
      const res = await failure(() => transcribe(c, B.ticket, { quotedMsg: B.audio }));
      expect(res).toMatchObject({ status: 404, code: 'ERR_NO_TICKET_FOUND' });
      // B's audio named from A's own ticket is not found either.
      const named = await failure(() => transcribe(c, A.ticket, { quotedMsg: B.audio }));
      expect(named.status).toBe(404);
    }
    expect(fake.requests.length).toBe(calls);
    expect(await messageRow(B.audio)).toEqual(before);
    // B's own call uses B's key.
    fake.keys.openai = B_KEY;
    keep(await transcribe(bAdmin, B.ticket, { quotedMsg: B.audio }));
    expect(fake.requests.at(-1)?.authorization).toBe(`Bearer ${B_KEY}`);
    fake.keys.openai = OPENAI_KEY;
  });

  it('lets no key appear in a response or a log line', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.some((l) => l.includes('transcription service failed'))).toBe(true);
    for (const key of [OPENAI_KEY, GROQ_KEY, B_KEY]) {
      for (const body of bodies) expect(body).not.toContain(key);
      for (const line of logLines) expect(line).not.toContain(key);
    }
  });
});
