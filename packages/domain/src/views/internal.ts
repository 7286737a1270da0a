import { z } from 'zod';

/** What platform services read back from the internal api. */

/** A tenant's effective state, as the operator mirrors it into the Company resource status. */
export const internalCompanyView = z.object({
  id: z.number(),
  name: z.string(),
  status: z.boolean(),
  dueDate: z.string().nullable(),
  plan: z.string().nullable(),
  overdue: z.boolean(),
});

/** The connection a Connection resource is bound to. */
export const connectionResourceView = z.object({ id: z.number() });

/** A new session token for a connection's session pod. */
export const sessionCredentialsView = z.object({ token: z.string() });

/** The connection's status after a session's report. */
export const sessionStatusView = z.object({ id: z.number(), status: z.string() });
