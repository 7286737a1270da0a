import { companyPaymentSocketBinding } from '@/features/companies/realtime';
import {
  connectionSessionSocketBinding,
  connectionSocketBinding,
} from '@/features/connections/realtime';
import { settingSocketBinding } from '@/features/settings/realtime';
import { userSocketBinding } from '@/features/users/realtime';
import type { SocketCacheBinding } from '@/lib/realtime/socket-cache';

/** The entities whose cached data the whole logged-in console keeps live. */
export const SHELL_SOCKET_BINDINGS: readonly SocketCacheBinding<never>[] = [
  userSocketBinding,
  connectionSocketBinding,
  connectionSessionSocketBinding,
  settingSocketBinding,
  companyPaymentSocketBinding,
];
