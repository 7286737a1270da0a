import type { DataSource } from 'typeorm';
import type { Company, Plan, Setting, User } from './db/entities/index.js';
import { PLAN_FLAGS, PLATFORM_COMPANY_ID } from '@atendo/domain';
import { provisionCompany } from './modules/companies/provision-company.js';
import { hashPassword } from './access/password.js';
import { tenantData, type TenantData } from './db/tenant-data.js';

/**
 * The demo tenant: none; its accounts only (an admin, an agent in the first queue: what tests
 * build on); or the whole demo a newcomer meets (both users in every queue, a connection and
 * three conversations).
 */
export type DemoSeed = 'none' | 'accounts' | 'full';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  demo: DemoSeed;
  now?: Date;
}

export const DEMO = {
  company: 'Demo',
  admin: { name: 'Demo Admin', email: 'admin@demo.atendo.local', password: 'demo123' },
  agent: { name: 'Demo Agent', email: 'agent@demo.atendo.local', password: 'demo123' },
};

const FULL_PLAN = {
  name: 'Completo',
  users: 10,
  connections: 10,
  queues: 10,
  amount: '199.90',
  isPublic: true,
  ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])),
};

/**
 * Idempotent seed: a plan with every flag on, the platform company (id 1, due 2999-12-31)
 * with its super admin, platform settings, and optionally the demo tenant (see DemoSeed).
 * Existing rows are left as they are: the demo is seeded once, when its company is missing.
 */
export async function seed(ds: DataSource, o: SeedOptions): Promise<void> {
  await ds.transaction(async (em) => {
    const plans = em.getRepository<Plan>('Plan');
    let plan = await plans.findOne({ where: { name: FULL_PLAN.name } });
    plan ??= await plans.save(plans.create(FULL_PLAN as Partial<Plan>));

    const companies = em.getRepository<Company>('Company');
    if (!(await companies.exist({ where: { id: PLATFORM_COMPANY_ID } }))) {
      const { company, admin } = await provisionCompany(em, {
        name: 'Atendo',
        adminName: 'Super Admin',
        email: o.adminEmail,
        password: o.adminPassword,
        planId: plan.id,
        dueDate: '2999-12-31',
        recurrence: 'ANUAL',
      });
      if (company.id !== PLATFORM_COMPANY_ID)
        throw new Error(`The platform company must be id 1, got ${company.id}`);
      await em.getRepository<User>('User').update({ id: admin.id }, { super: true });
      await em
        .getRepository<Setting>('Setting')
        .upsert(
          { companyId: PLATFORM_COMPANY_ID, key: 'userCreation', value: 'enabled' },
          { conflictPaths: ['companyId', 'key'] },
        );
    }

    if (o.demo !== 'none' && !(await companies.exist({ where: { name: DEMO.company } }))) {
      const now = o.now ?? new Date();
      const due = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate()));
      const { company, admin } = await provisionCompany(em, {
        name: DEMO.company,
        adminName: DEMO.admin.name,
        email: DEMO.admin.email,
        password: DEMO.admin.password,
        planId: plan.id,
        dueDate: due.toISOString().slice(0, 10),
      });
      const users = em.getRepository<User>('User');
      const agent = await users.save(
        users.create({
          companyId: company.id,
          name: DEMO.agent.name,
          email: DEMO.agent.email,
          passwordHash: await hashPassword(DEMO.agent.password),
          profile: 'user',
        }),
      );
      const own = tenantData(em, company.id);
      const [first] = await own.query<{ id: number }>(
        `SELECT id FROM queues WHERE "companyId" = $1 ORDER BY "orderQueue", id LIMIT 1`,
        [company.id],
      );
      await own.query(
        `INSERT INTO user_queues ("companyId", "userId", "queueId") VALUES ($1, $2, $3)`,
        [company.id, agent.id, first!.id],
      );
      if (o.demo === 'full')
        await seedDemoConversations(own, { adminId: admin.id, agentId: agent.id, now });
    }
  });
}

/** The demo tenant's conversations: who wrote, to which queue, and what was said. */
const DEMO_CONVERSATIONS = [
  {
    contact: { name: 'Maria Souza', number: '5511987650001' },
    queue: 0,
    status: 'pending',
    messages: [
      { fromMe: false, body: 'Olá, boa tarde!' },
      { fromMe: false, body: 'Gostaria de saber o prazo de entrega do pedido 1234.' },
    ],
  },
  {
    contact: { name: 'João Pereira', number: '5521987650002' },
    queue: 1,
    status: 'pending',
    messages: [{ fromMe: false, body: 'Preciso da segunda via do boleto de novembro.' }],
  },
  {
    contact: { name: 'Ana Lima', number: '5531987650003' },
    queue: 0,
    status: 'open',
    messages: [
      { fromMe: false, body: 'Oi, meu produto chegou com defeito.' },
      { fromMe: true, body: 'Sinto muito, Ana! Pode nos enviar uma foto do defeito?' },
      { fromMe: false, body: 'Claro, envio em seguida.' },
    ],
  },
] as const;

/**
 * What a newcomer's first screen shows: the demo admin and agent in every demo queue, a
 * WhatsApp connection waiting for its QR code, and three conversations (two waiting in the
 * queues, one the admin is answering), so `/tickets` shows the product instead of "Nada aqui!".
 */
async function seedDemoConversations(
  db: TenantData,
  o: { adminId: number; agentId: number; now: Date },
): Promise<void> {
  const queues = await db.query<{ id: number }>(
    `SELECT id FROM queues WHERE "companyId" = $1 ORDER BY "orderQueue", id`,
    [db.companyId],
  );
  await db.query(
    `INSERT INTO user_queues ("companyId", "userId", "queueId")
     SELECT $1, u, q FROM unnest($2::int[]) u, unnest($3::int[]) q
     ON CONFLICT DO NOTHING`,
    [db.companyId, [o.adminId, o.agentId], queues.map((q) => q.id)],
  );
  const [connection] = await db.query<{ id: number }>(
    `INSERT INTO whatsapps ("companyId", name, status, "isDefault")
     VALUES ($1, 'WhatsApp', 'DISCONNECTED', true) RETURNING id`,
    [db.companyId],
  );
  let minutesAgo = 3 * DEMO_CONVERSATIONS.length;
  for (const [i, c] of DEMO_CONVERSATIONS.entries()) {
    const at = (m: number) => new Date(o.now.getTime() - m * 60_000);
    const [contact] = await db.query<{ id: number }>(
      `INSERT INTO contacts ("companyId", name, number, "remoteJid", channel, "whatsappId")
       VALUES ($1, $2, $3::text, $3::text || '@s.whatsapp.net', 'whatsapp', $4) RETURNING id`,
      [db.companyId, c.contact.name, c.contact.number, connection!.id],
    );
    const last = c.messages[c.messages.length - 1]!;
    const unread = c.status === 'pending' ? c.messages.filter((m) => !m.fromMe).length : 0;
    const [ticket] = await db.query<{ id: number }>(
      `INSERT INTO tickets ("companyId", "contactId", "whatsappId", "queueId", "userId", status,
                            protocol, "unreadMessages", "lastMessage", "fromMe", "createdAt", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        db.companyId,
        contact!.id,
        connection!.id,
        queues[c.queue]?.id ?? null,
        c.status === 'open' ? o.adminId : null,
        c.status,
        `demo-${i + 1}`,
        unread,
        last.body,
        last.fromMe,
        at(minutesAgo),
        at(minutesAgo - c.messages.length + 1),
      ],
    );
    for (const m of c.messages) {
      await db.query(
        `INSERT INTO messages ("companyId", "ticketId", "contactId", "whatsappId", "queueId", "userId",
                               body, "fromMe", read, ack, "mediaType", wid, "createdAt", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'chat', $11, $12, $12)`,
        [
          db.companyId,
          ticket!.id,
          m.fromMe ? null : contact!.id,
          connection!.id,
          queues[c.queue]?.id ?? null,
          m.fromMe ? o.adminId : null,
          m.body,
          m.fromMe,
          m.fromMe || c.status === 'open',
          m.fromMe ? 3 : 0,
          `demo-${i + 1}-${minutesAgo}`,
          at(minutesAgo),
        ],
      );
      minutesAgo -= 1;
    }
    minutesAgo -= 1;
  }
}
