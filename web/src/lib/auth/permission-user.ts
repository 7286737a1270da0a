import type { PermissionUser, UserView } from '@atendo/domain';

/**
 * The user as the shared permissions module reads it. The api's user view types the flags as
 * plain strings; the rules only compare them with 'enabled' / 'enable', so the view fits as is.
 */
export function permissionUser(user: UserView): PermissionUser {
  return user as PermissionUser;
}
