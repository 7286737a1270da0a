import { describe, expect, it } from 'vitest';
import {
  PLAN_FLAGS,
  canShowAllTickets,
  drawerItemsFor,
  hasStatic,
  type PermissionUser,
  type PlanFlags,
} from './permissions.js';

const allOn = Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])) as PlanFlags;
const allOff = Object.fromEntries(PLAN_FLAGS.map((f) => [f, false])) as PlanFlags;
const agent: PermissionUser = { profile: 'user', super: false };
const admin: PermissionUser = { profile: 'admin', super: false };
const superAdmin: PermissionUser = { profile: 'admin', super: true };

describe('drawer content (docs/product/tickets.md#the-tickets-screen)', () => {
  it('gives a plain user only the everyday items', () => {
    expect(drawerItemsFor(agent, { plan: allOn, hasHelps: false })).toEqual([
      'tickets',
      'quick-messages',
      'contacts',
      'tags',
      'kanban',
      'schedules',
      'chats',
    ]);
  });

  it('hides plan-gated items when the plan lacks the flag', () => {
    const items = drawerItemsFor(admin, { plan: allOff, hasHelps: false });
    for (const gated of [
      'kanban',
      'schedules',
      'chats',
      'campaigns',
      'messages-api',
      'prompts',
      'queue-integration',
    ]) {
      expect(items).not.toContain(gated);
    }
    expect(items).toEqual(
      expect.arrayContaining(['dashboard', 'users', 'queues', 'connections', 'settings']),
    );
  });

  it('shows announcements, all connections and companies to the super admin only', () => {
    const forAdmin = drawerItemsFor(admin, { plan: allOn, hasHelps: true });
    const forSuper = drawerItemsFor(superAdmin, { plan: allOn, hasHelps: true });
    for (const item of ['announcements', 'all-connections', 'companies'] as const) {
      expect(forAdmin).not.toContain(item);
      expect(forSuper).toContain(item);
    }
    expect(forAdmin).toContain('helps');
  });

  it('opens the management group with showDashboard and the administration with allowConnections', () => {
    const dash = drawerItemsFor(
      { ...agent, showDashboard: 'enabled' },
      { plan: allOn, hasHelps: false },
    );
    expect(dash).toEqual(expect.arrayContaining(['dashboard', 'reports', 'moments']));
    expect(dash).not.toContain('users');
    const rt = drawerItemsFor(
      { ...agent, allowRealTime: 'enabled' },
      { plan: allOn, hasHelps: false },
    );
    expect(rt).toContain('moments');
    expect(rt).not.toContain('dashboard');
    const conn = drawerItemsFor(
      { ...agent, allowConnections: 'enabled' },
      { plan: allOn, hasHelps: false },
    );
    expect(conn).toEqual(expect.arrayContaining(['connections', 'users', 'settings']));
  });
});

describe('static and flag permissions (docs/product/tickets.md#who-sees-which-tickets)', () => {
  it('holds static permissions for admins only', () => {
    expect(hasStatic(admin, 'ticket-options:deleteTicket')).toBe(true);
    expect(hasStatic(agent, 'ticket-options:deleteTicket')).toBe(false);
  });
  it('allows show-all to admins, allUserChat or allTicket', () => {
    expect(canShowAllTickets(agent)).toBe(false);
    expect(canShowAllTickets({ ...agent, allTicket: 'enable' })).toBe(true);
    expect(canShowAllTickets({ ...agent, allUserChat: 'enabled' })).toBe(true);
    expect(canShowAllTickets(admin)).toBe(true);
  });
});
