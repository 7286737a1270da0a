import { z } from 'zod';
import {
  MSG_INVALID_EMAIL,
  MSG_REQUIRED,
  MSG_TOO_LONG,
  MSG_TOO_SHORT,
} from './validation-messages.js';
import { enabledFlag, hhmm, pageQuery } from './common.js';

const name = z.string({ error: MSG_REQUIRED }).trim().min(2, MSG_TOO_SHORT).max(50, MSG_TOO_LONG);
const password = z.string().min(5, MSG_TOO_SHORT).max(50, MSG_TOO_LONG);
const email = z.string({ error: MSG_REQUIRED }).trim().toLowerCase().email(MSG_INVALID_EMAIL);

/** Fields only an admin may set on a user (docs/product/users-and-auth.md#roles-and-permissions). */
export const userAdminFields = {
  profile: z.enum(['admin', 'user']).optional(),
  queueIds: z.array(z.number().int().positive()).optional(),
  whatsappId: z.number().int().positive().nullable().optional(),
  startWork: hhmm.optional(),
  endWork: hhmm.optional(),
  allTicket: z.enum(['enable', 'disable']).optional(),
  allowGroup: z.boolean().optional(),
  allHistoric: enabledFlag.optional(),
  allUserChat: enabledFlag.optional(),
  userClosePendingTicket: enabledFlag.optional(),
  showDashboard: enabledFlag.optional(),
  allowRealTime: enabledFlag.optional(),
  allowConnections: enabledFlag.optional(),
};

/** Fields any user may set on their own account. */
export const userSelfFields = {
  farewellMessage: z.string().max(5000).nullable().optional(),
  defaultTheme: z.enum(['light', 'dark']).optional(),
  defaultMenu: z.enum(['open', 'closed']).optional(),
};

export const createUserSchema = z.object({
  name,
  email,
  password,
  ...userAdminFields,
  ...userSelfFields,
  /** Super admins may create a user inside another company. */
  companyId: z.number().int().positive().optional(),
  super: z.boolean().optional(),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const updateUserSchema = z.object({
  name: name.optional(),
  email: email.optional(),
  password: z.union([password, z.literal('')]).optional(),
  ...userAdminFields,
  ...userSelfFields,
  super: z.boolean().optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const ticketsManagerWidthSchema = z.object({
  defaultTicketsManagerWidth: z.coerce.number().int().min(404).max(700),
});

/** `GET /users`: a page of the company's users; super admins may name another company. */
export const userPageQuery = pageQuery.extend({ companyId: z.coerce.number().int().optional() });

/** `GET /users/list`: every user of the company; super admins may name another company. */
export const userListQuery = z.object({ companyId: z.coerce.number().int().optional() });
