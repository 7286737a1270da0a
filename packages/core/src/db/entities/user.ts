import { EntitySchema } from 'typeorm';
import {
  bool,
  int,
  manyToOne,
  oneToMany,
  primaryId,
  tenantColumn,
  tenantJoinEntity,
  text,
  timestamps,
  timestamptz,
  varchar,
} from './columns.js';
import type { Company } from './company.js';
import type { Queue } from './queue.js';
import type { Whatsapp } from './whatsapp.js';

/** An attendant or admin of one company (docs/product/users-and-auth.md "User"). */
export interface User {
  id: number;
  companyId: number;
  company?: Company;
  name: string;
  /** Stored lowercased (a CHECK enforces it) and unique across the platform: login is by email. */
  email: string;
  /** Never returned by the api. */
  passwordHash: string;
  profile: string;
  super: boolean;
  startWork: string;
  endWork: string;
  farewellMessage: string | null;
  allTicket: string;
  allowGroup: boolean;
  defaultTheme: string;
  defaultMenu: string;
  allHistoric: string;
  allUserChat: string;
  userClosePendingTicket: string;
  showDashboard: string;
  allowRealTime: string;
  allowConnections: string;
  profileImage: string | null;
  defaultTicketsManagerWidth: number;
  online: boolean;
  lastSeenAt: Date | null;
  /** Default connection. */
  whatsappId: number | null;
  whatsapp?: Whatsapp | null;
  /** Bumped to invalidate every access token issued before (logout everywhere, disable). */
  tokenVersion: number;
  color: string | null;
  userQueues?: UserQueue[];
  createdAt: Date;
  updatedAt: Date;
}

export const UserEntity = new EntitySchema<User>({
  name: 'User',
  tableName: 'users',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    name: varchar(),
    email: varchar({ unique: true }),
    passwordHash: varchar(),
    profile: varchar({ default: 'user' }),
    super: bool(false),
    startWork: varchar({ default: '00:00' }),
    endWork: varchar({ default: '23:59' }),
    farewellMessage: text({ nullable: true }),
    allTicket: varchar({ default: 'disable' }),
    allowGroup: bool(false),
    defaultTheme: varchar({ default: 'light' }),
    defaultMenu: varchar({ default: 'closed' }),
    allHistoric: varchar({ default: 'disabled' }),
    allUserChat: varchar({ default: 'disabled' }),
    userClosePendingTicket: varchar({ default: 'enabled' }),
    showDashboard: varchar({ default: 'disabled' }),
    allowRealTime: varchar({ default: 'disabled' }),
    allowConnections: varchar({ default: 'disabled' }),
    profileImage: varchar({ nullable: true }),
    defaultTicketsManagerWidth: int({ default: 550 }),
    online: bool(false),
    lastSeenAt: timestamptz({ nullable: true }),
    whatsappId: int({ nullable: true }),
    tokenVersion: int({ default: 0 }),
    color: varchar({ nullable: true }),
    ...timestamps(),
  },
  relations: {
    company: manyToOne('Company', 'companyId', 'CASCADE', { inverseSide: 'users' }),
    whatsapp: manyToOne('Whatsapp', 'whatsappId', 'SET NULL'),
    userQueues: oneToMany('UserQueue', 'user'),
  },
  indices: [{ columns: ['companyId'] }, { columns: ['whatsappId'] }],
  checks: [{ name: 'CHK_users_email_lowercase', expression: `"email" = lower("email")` }],
});

/** A user's membership of a queue. */
export interface UserQueue {
  userId: number;
  queueId: number;
  companyId: number;
  user?: User;
  queue?: Queue;
  company?: Company;
  createdAt: Date;
  updatedAt: Date;
}

export const UserQueueEntity = tenantJoinEntity<UserQueue>({
  name: 'UserQueue',
  tableName: 'user_queues',
  owner: { relation: 'user', target: 'User', inverseSide: 'userQueues' },
  member: { relation: 'queue', target: 'Queue', inverseSide: 'userQueues' },
});
