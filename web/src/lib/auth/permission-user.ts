import type { PermissionUser, UserView } from '@atendo/domain';

/** The user as the shared permissions module reads it (the view carries the same typed flags). */
export function permissionUser(user: UserView): PermissionUser {
  return user;
}
