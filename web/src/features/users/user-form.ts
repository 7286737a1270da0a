import {
  createUserSchema,
  updateUserSchema,
  type CreateUserInput,
  type UpdateUserInput,
  type UserView,
} from '@atendo/domain';
import { z } from 'zod';

/** The permission switches of the user modal's second tab (docs/product/users-and-auth.md#user-fields User). */
export const PERMISSION_FIELDS = [
  'allTicket',
  'allowGroup',
  'allHistoric',
  'allUserChat',
  'userClosePendingTicket',
  'showDashboard',
  'allowRealTime',
  'allowConnections',
] as const;
export type PermissionField = (typeof PERMISSION_FIELDS)[number];

/** The user modal's fields as its inputs hold them (switches as booleans, selects as strings). */
export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: 'admin' | 'user';
  queueIds: number[];
  whatsappId: string;
  startWork: string;
  endWork: string;
  farewellMessage: string;
  defaultTheme: 'light' | 'dark';
  defaultMenu: 'open' | 'closed';
  permissions: Record<PermissionField, boolean>;
}

/** A new user: profile user, whole-day hours, every permission at its default (docs/product/users-and-auth.md#user-fields). */
export function emptyUserForm(): UserFormValues {
  return {
    name: '',
    email: '',
    password: '',
    profile: 'user',
    queueIds: [],
    whatsappId: '',
    startWork: '00:00',
    endWork: '23:59',
    farewellMessage: '',
    defaultTheme: 'light',
    defaultMenu: 'closed',
    permissions: {
      allTicket: false,
      allowGroup: false,
      allHistoric: false,
      allUserChat: false,
      userClosePendingTicket: true,
      showDashboard: false,
      allowRealTime: false,
      allowConnections: false,
    },
  };
}

/** The form of an existing user (the password left empty: kept unless typed). */
export function userFormOf(u: UserView): UserFormValues {
  const empty = emptyUserForm();
  const on = (v: string | undefined) => v === 'enabled';
  return {
    name: u.name,
    email: u.email,
    password: '',
    profile: u.profile,
    queueIds: (u.queues ?? []).map((q) => q.id),
    whatsappId: u.whatsappId ? String(u.whatsappId) : '',
    startWork: u.startWork ?? empty.startWork,
    endWork: u.endWork ?? empty.endWork,
    farewellMessage: u.farewellMessage ?? '',
    defaultTheme: u.defaultTheme === 'dark' ? 'dark' : 'light',
    defaultMenu: u.defaultMenu === 'open' ? 'open' : 'closed',
    permissions: {
      allTicket: u.allTicket === 'enable',
      allowGroup: u.allowGroup === true,
      allHistoric: on(u.allHistoric),
      allUserChat: on(u.allUserChat),
      userClosePendingTicket: u.userClosePendingTicket !== 'disabled',
      showDashboard: on(u.showDashboard),
      allowRealTime: on(u.allowRealTime),
      allowConnections: on(u.allowConnections),
    },
  };
}

const flag = (v: boolean) => (v ? 'enabled' : 'disabled');

/**
 * The form as the api's user fields. Admin-only fields (profile, queues, connection, hours,
 * permissions) go only when an admin saves; an empty password on edit keeps the current one.
 */
export function userBodyOf(
  v: UserFormValues,
  o: { admin: boolean; editing: boolean },
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: v.name,
    email: v.email,
    farewellMessage: v.farewellMessage.trim() === '' ? null : v.farewellMessage,
    defaultTheme: v.defaultTheme,
    defaultMenu: v.defaultMenu,
  };
  if (!o.editing || v.password !== '') body.password = v.password;
  if (!o.admin) return body;
  const p = v.permissions;
  return {
    ...body,
    profile: v.profile,
    queueIds: v.queueIds,
    whatsappId: v.whatsappId === '' ? null : Number(v.whatsappId),
    startWork: v.startWork,
    endWork: v.endWork,
    allTicket: p.allTicket ? 'enable' : 'disable',
    allowGroup: p.allowGroup,
    allHistoric: flag(p.allHistoric),
    allUserChat: flag(p.allUserChat),
    userClosePendingTicket: flag(p.userClosePendingTicket),
    showDashboard: flag(p.showDashboard),
    allowRealTime: flag(p.allowRealTime),
    allowConnections: flag(p.allowConnections),
  };
}

export type UserBody = CreateUserInput | UpdateUserInput;

/** The domain's user schema (docs/product/users-and-auth.md#validation User modal) over the form's values. */
export function userFormSchema(o: { admin: boolean; editing: boolean }) {
  return z.preprocess(
    (raw: UserFormValues) => userBodyOf(raw, o),
    o.editing ? updateUserSchema : createUserSchema.omit({ companyId: true, super: true }),
  );
}
