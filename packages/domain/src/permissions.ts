/**
 * Who may do what: the static role rules of docs/product/tickets.md#who-sees-which-tickets / docs/product/users-and-auth.md#roles-and-permissions, the per-user flags and the
 * plan's use* flags. One table, used by the api (route guards) and the web console (drawer, buttons).
 */

export type Profile = 'admin' | 'user';

/** The platform's own company (id 1, due 2999-12-31): its users run the platform. */
export const PLATFORM_COMPANY_ID = 1;
export type EnabledFlag = 'enabled' | 'disabled';

/** The user fields permissions are decided from. */
export interface PermissionUser {
  profile: Profile;
  super: boolean;
  allTicket?: 'enable' | 'disable';
  allowGroup?: boolean;
  allHistoric?: EnabledFlag;
  allUserChat?: EnabledFlag;
  userClosePendingTicket?: EnabledFlag;
  showDashboard?: EnabledFlag;
  allowRealTime?: EnabledFlag;
  allowConnections?: EnabledFlag;
}

export const PLAN_FLAGS = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];
export type PlanFlags = Record<PlanFlag, boolean>;

/** Static permissions held by the admin profile (docs/product/tickets.md#who-sees-which-tickets); profile user holds none. */
export const STATIC_PERMISSIONS = [
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  'tickets-manager:closeAll',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'connections-page:actionButtons',
  'connections-page:addConnection',
  'connections-page:editOrDeleteConnection',
] as const;
export type StaticPermission = (typeof STATIC_PERMISSIONS)[number];

const ROLE_RULES: Record<Profile, readonly StaticPermission[]> = {
  admin: STATIC_PERMISSIONS,
  user: [],
};

const on = (flag: EnabledFlag | undefined): boolean => flag === 'enabled';

/** True when the user's profile holds a static permission. */
export function hasStatic(user: PermissionUser, permission: StaticPermission): boolean {
  return ROLE_RULES[user.profile].includes(permission);
}

export const isAdmin = (user: PermissionUser): boolean => user.profile === 'admin';
export const isSuper = (user: PermissionUser): boolean => user.super === true;

/** Administers a company: its admins, and super admins (who may act on any company). */
export const isAdministrator = (user: PermissionUser): boolean => isAdmin(user) || isSuper(user);

/** Management group (dashboard, reports): admins, or users with showDashboard. */
export const canViewDashboard = (user: PermissionUser): boolean =>
  isAdmin(user) || on(user.showDashboard);

/** Live attendance panel: admins, showDashboard or allowRealTime. */
export const canViewRealTime = (user: PermissionUser): boolean =>
  isAdmin(user) || on(user.allowRealTime);

/** Connections page and its actions: admins or allowConnections. */
export const canManageConnections = (user: PermissionUser): boolean =>
  isAdmin(user) || on(user.allowConnections);

/** The administration section of the drawer: admins or allowConnections. */
export const canSeeAdministration = (user: PermissionUser): boolean =>
  isAdmin(user) || on(user.allowConnections);

/** Show-all toggle on the tickets list: admin, allUserChat or allTicket. */
export const canShowAllTickets = (user: PermissionUser): boolean =>
  isAdmin(user) || on(user.allUserChat) || user.allTicket === 'enable';

/** Ignoring pending or lgpd tickets: admin or userClosePendingTicket. */
export const canIgnorePending = (user: PermissionUser): boolean =>
  isAdmin(user) || user.userClosePendingTicket !== 'disabled';

/** Admin-only pages: users, queues, settings, invoices. */
export const canAdministrate = (user: PermissionUser): boolean => isAdmin(user);

/** Every drawer entry of docs/product/overview.md#console-routes-and-shell "Drawer content". */
export const DRAWER_ITEMS = [
  'dashboard',
  'reports',
  'moments',
  'tickets',
  'quick-messages',
  'contacts',
  'tags',
  'kanban',
  'schedules',
  'chats',
  'helps',
  'campaigns',
  'contact-lists',
  'announcements',
  'messages-api',
  'users',
  'queues',
  'prompts',
  'queue-integration',
  'connections',
  'all-connections',
  'companies',
  'files',
  'financeiro',
  'settings',
] as const;
export type DrawerItem = (typeof DRAWER_ITEMS)[number];

export interface DrawerContext {
  plan: Partial<PlanFlags>;
  /** Whether any help article exists (the help entry hides otherwise). */
  hasHelps: boolean;
}

/** The drawer entries a user sees, in drawer order (docs/product/overview.md#console-routes-and-shell "Drawer content"). */
export function drawerItemsFor(user: PermissionUser, ctx: DrawerContext): DrawerItem[] {
  const items: DrawerItem[] = [];
  const plan = ctx.plan;
  if (canViewDashboard(user)) items.push('dashboard', 'reports');
  if (canViewRealTime(user) || canViewDashboard(user)) items.push('moments');
  items.push('tickets', 'quick-messages', 'contacts', 'tags');
  if (plan.useKanban) items.push('kanban');
  if (plan.useSchedules) items.push('schedules');
  if (plan.useInternalChat) items.push('chats');
  if (ctx.hasHelps) items.push('helps');
  if (canSeeAdministration(user)) {
    if (plan.useCampaigns) items.push('campaigns', 'contact-lists');
    if (isSuper(user)) items.push('announcements');
    if (plan.useExternalApi) items.push('messages-api');
    items.push('users', 'queues');
    if (plan.useOpenAi) items.push('prompts');
    if (plan.useIntegrations) items.push('queue-integration');
    items.push('connections');
    if (isSuper(user)) items.push('all-connections', 'companies');
    items.push('files', 'financeiro', 'settings');
  }
  return items;
}

/** The route each drawer entry opens. */
export const DRAWER_ROUTES: Record<DrawerItem, string> = {
  dashboard: '/',
  reports: '/reports',
  moments: '/moments',
  tickets: '/tickets',
  'quick-messages': '/quick-messages',
  contacts: '/contacts',
  tags: '/tags',
  kanban: '/kanban',
  schedules: '/schedules',
  chats: '/chats',
  helps: '/helps',
  campaigns: '/campaigns',
  'contact-lists': '/contact-lists',
  announcements: '/announcements',
  'messages-api': '/messages-api',
  users: '/users',
  queues: '/queues',
  prompts: '/prompts',
  'queue-integration': '/queue-integration',
  connections: '/connections',
  'all-connections': '/allConnections',
  companies: '/companies',
  files: '/files',
  financeiro: '/financeiro',
  settings: '/settings',
};
