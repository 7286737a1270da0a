import { EntitySchema } from 'typeorm';
import type { ScheduleEntry } from '@atendo/domain';
import {
  bool,
  date,
  int,
  manyToOne,
  oneToMany,
  primaryId,
  schedulesColumn,
  timestamps,
  timestamptz,
  varchar,
} from './columns.js';
import type { Plan } from './plan.js';
import type { Setting } from './setting.js';
import type { User } from './user.js';

/** A tenant. Company 1 is the platform's own company (dueDate 2999-12-31). */
export interface Company {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  planId: number | null;
  plan?: Plan | null;
  /** Active flag; an inactive company cannot log in and its sessions stop. */
  status: boolean;
  /** 'YYYY-MM-DD'. */
  dueDate: string | null;
  recurrence: string;
  document: string | null;
  paymentMethod: string | null;
  lastLogin: Date | null;
  /** IANA zone used for business hours, greetings and campaign windows. */
  timezone: string;
  street: string | null;
  state: string | null;
  city: string | null;
  numberAttendants: number | null;
  numberConections: number | null;
  folderSize: string | null;
  numberFileFolder: number | null;
  updatedAtFolder: Date | null;
  /** Company working hours (scheduleType "company"). */
  schedules: ScheduleEntry[];
  /** Name of its Company resource when the tenant is managed on Kubernetes. */
  resourceName: string | null;
  /** The spec's companieSettings list: the per-company key/value rows of `settings`. */
  settings?: Setting[];
  users?: User[];
  createdAt: Date;
  updatedAt: Date;
}

export const CompanyEntity = new EntitySchema<Company>({
  name: 'Company',
  tableName: 'companies',
  columns: {
    id: primaryId(),
    name: varchar({ unique: true }),
    email: varchar({ nullable: true }),
    phone: varchar({ nullable: true }),
    planId: int({ nullable: true }),
    status: bool(true),
    dueDate: date({ nullable: true }),
    recurrence: varchar({ default: 'MENSAL' }),
    document: varchar({ nullable: true }),
    paymentMethod: varchar({ nullable: true }),
    lastLogin: timestamptz({ nullable: true }),
    timezone: varchar({ default: 'America/Sao_Paulo' }),
    street: varchar({ nullable: true }),
    state: varchar({ nullable: true }),
    city: varchar({ nullable: true }),
    numberAttendants: int({ nullable: true }),
    numberConections: int({ nullable: true }),
    folderSize: varchar({ nullable: true }),
    numberFileFolder: int({ nullable: true }),
    updatedAtFolder: timestamptz({ nullable: true }),
    schedules: schedulesColumn(),
    resourceName: varchar({ nullable: true, unique: true }),
    ...timestamps(),
  },
  relations: {
    // A plan in use cannot be deleted.
    plan: manyToOne('Plan', 'planId', 'RESTRICT'),
    settings: oneToMany('Setting', 'company'),
    users: oneToMany('User', 'company'),
  },
  indices: [
    { columns: ['planId'] },
    // lower(name): "Acme" and "acme" are one company. An expression index TypeORM cannot
    // describe, so its migration creates it and the schema sync leaves it alone.
    { name: 'UQ_companies_name_lower', columns: ['name'], unique: true, synchronize: false },
  ],
});
