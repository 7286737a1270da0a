import type { UserView } from '@atendo/domain';

/** The domain events the users module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface UsersEvents {
  'user.created': { companyId: number; user: UserView };
  'user.updated': { companyId: number; user: UserView };
  'user.deleted': { companyId: number; userId: number };
  'user.logged_in': { companyId: number; userId: number };
  /** The user's sign-ins all ended (logout, password reset, refresh reuse): tokenVersion moved on. */
  'user.signed_out_everywhere': { companyId: number; userId: number };
  'user.presence_changed': { companyId: number; userId: number; online: boolean };
}
