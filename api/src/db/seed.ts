import type { DataSource } from 'typeorm';
import type { Company, Plan, Queue, Setting, User, UserQueue } from './entities/index.js';
import { PLAN_FLAGS, PLATFORM_COMPANY_ID } from '@atendo/domain';
import { provisionCompany } from '../modules/companies/provision-company.js';
import { hashPassword } from '../modules/auth/password.js';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  demo: boolean;
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
 * with its super admin, platform settings, and optionally the demo tenant with an admin and
 * an agent. Existing rows are left as they are.
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

    if (o.demo && !(await companies.exist({ where: { name: DEMO.company } }))) {
      const now = o.now ?? new Date();
      const due = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate()));
      const { company } = await provisionCompany(em, {
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
      const first = await em
        .getRepository<Queue>('Queue')
        .findOneOrFail({ where: { companyId: company.id }, order: { orderQueue: 'ASC' } });
      await em
        .getRepository<UserQueue>('UserQueue')
        .insert({ userId: agent.id, queueId: first.id, companyId: company.id });
    }
  });
}
