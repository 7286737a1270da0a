import type { EntityManager } from 'typeorm';
import { AppError, DEFAULT_TIMEZONE, SETTING_DEFAULTS, defaultSchedules } from '@atendo/domain';
import {
  CompanyEntity,
  PlanEntity,
  QueueEntity,
  SettingEntity,
  UserEntity,
  type Company,
  type User,
} from '../../db/entities/index.js';
import { crossTenantData, platformData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';
import { hashPassword } from '../../access/password.js';

/** The queues every new company starts with. */
export const DEFAULT_QUEUES = [
  {
    name: 'Atendimento',
    color: '#2196F3',
    orderQueue: 1,
    greetingMessage: 'Olá! Como podemos ajudar?',
  },
  {
    name: 'Financeiro',
    color: '#4CAF50',
    orderQueue: 2,
    greetingMessage: 'Olá! Você está no setor financeiro.',
  },
];

/** Trial length when a company is created without a due date. */
export const TRIAL_DAYS = 7;

export interface ProvisionCompanyOptions {
  name: string;
  email: string;
  password: string;
  planId: number;
  adminName?: string;
  phone?: string | null;
  dueDate?: string | null;
  recurrence?: string;
  document?: string | null;
  paymentMethod?: string | null;
  timezone?: string;
  status?: boolean;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  numberAttendants?: number | null;
  numberConections?: number | null;
  now?: Date;
}

/** Adds `days` to a date, as 'YYYY-MM-DD' (UTC calendar). */
export function addDays(from: Date, days: number): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

/**
 * Creates a company with its first admin user (the given email and password), its default
 * settings and its default queues, inside the caller's transaction, which must run under a
 * platform reason (signup, super admin, operator, seed): the company does not exist yet, and
 * the admin's email is checked against every company's users.
 */
export async function provisionCompany(
  em: EntityManager,
  o: ProvisionCompanyOptions,
): Promise<{ company: Company; admin: User }> {
  const platform = platformData(em);
  const plan = await platform.of(PlanEntity).findOne({ where: { id: o.planId } });
  if (!plan)
    throw new AppError('ERR_NO_PLAN_FOUND', {
      fields: [{ field: 'planId', message: 'Plan not found' }],
    });
  const companies = platform.of(CompanyEntity);
  const name = o.name.trim();
  const clash = await companies
    .createQueryBuilder('c')
    .where('lower(c.name) = lower(:name)', { name })
    .getCount();
  if (clash > 0)
    throw new AppError('ERR_DUPLICATED_COMPANY', {
      fields: [{ field: 'name', message: 'A company with this name exists' }],
    });
  const email = o.email.trim().toLowerCase();
  if (await crossTenantData(em, 'platform-unique-values').of(UserEntity).exists({ email })) {
    throw new AppError('ERR_DUPLICATED_EMAIL', {
      fields: [{ field: 'email', message: 'This email is in use' }],
    });
  }

  const company = await companies.save(
    companies.create({
      name,
      email,
      phone: o.phone ?? null,
      planId: plan.id,
      status: o.status ?? true,
      dueDate: o.dueDate ?? addDays(o.now ?? new Date(), TRIAL_DAYS),
      recurrence: o.recurrence ?? 'MENSAL',
      document: o.document ?? null,
      paymentMethod: o.paymentMethod ?? null,
      timezone: o.timezone ?? DEFAULT_TIMEZONE,
      street: o.street ?? null,
      city: o.city ?? null,
      state: o.state ?? null,
      numberAttendants: o.numberAttendants ?? null,
      numberConections: o.numberConections ?? null,
      schedules: defaultSchedules(),
    }),
  );

  const own = tenantData(em, company.id);
  const admin: User = await own.of(UserEntity).insert({
    name: (o.adminName ?? name).slice(0, 50),
    email,
    passwordHash: await hashPassword(o.password),
    profile: 'admin',
    super: false,
  });
  await own
    .of(SettingEntity)
    .insertMany(Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value })));
  await own
    .of(QueueEntity)
    .insertMany(DEFAULT_QUEUES.map((q) => ({ ...q, schedules: defaultSchedules() })));
  return { company, admin };
}
