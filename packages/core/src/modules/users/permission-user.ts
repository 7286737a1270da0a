import type { EnabledFlag, PermissionUser } from '@atendo/domain';
import type { User } from '../../db/entities/index.js';

const flag = (v: string | undefined): EnabledFlag => (v === 'enabled' ? 'enabled' : 'disabled');

/** A user row as the shared permissions module reads it. */
export function permissionUserOf(
  u: Partial<User> & Pick<User, 'profile' | 'super'>,
): PermissionUser {
  return {
    profile: u.profile === 'admin' ? 'admin' : 'user',
    super: u.super,
    allTicket: u.allTicket === 'enable' ? 'enable' : 'disable',
    allowGroup: u.allowGroup,
    allHistoric: flag(u.allHistoric),
    allUserChat: flag(u.allUserChat),
    userClosePendingTicket: u.userClosePendingTicket === 'disabled' ? 'disabled' : 'enabled',
    showDashboard: flag(u.showDashboard),
    allowRealTime: flag(u.allowRealTime),
    allowConnections: flag(u.allowConnections),
  };
}
