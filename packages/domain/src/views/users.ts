import { z } from 'zod';
import { enabledFlag } from '../schemas/common.js';
import { nullableDate, queueRefView, whatsappRefView } from './common.js';
import { companyView } from './companies.js';

export const userView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(['admin', 'user']),
  super: z.boolean(),
  startWork: z.string().nullable().optional(),
  endWork: z.string().nullable().optional(),
  farewellMessage: z.string().nullable().optional(),
  whatsappId: z.number().nullable().optional(),
  whatsapp: whatsappRefView.nullable().optional(),
  allTicket: z.enum(['enable', 'disable']).optional(),
  allowGroup: z.boolean().optional(),
  defaultTheme: z.string().optional(),
  defaultMenu: z.string().optional(),
  allHistoric: enabledFlag.optional(),
  allUserChat: enabledFlag.optional(),
  userClosePendingTicket: enabledFlag.optional(),
  showDashboard: enabledFlag.optional(),
  allowRealTime: enabledFlag.optional(),
  allowConnections: enabledFlag.optional(),
  profileImage: z.string().nullable().optional(),
  defaultTicketsManagerWidth: z.number().nullable().optional(),
  online: z.boolean().optional(),
  color: z.string().nullable().optional(),
  queues: z.array(queueRefView).optional(),
  company: companyView.partial().extend({ id: z.number(), name: z.string() }).nullable().optional(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type UserView = z.output<typeof userView>;
