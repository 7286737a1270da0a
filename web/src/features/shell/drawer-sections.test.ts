import { drawerItemsFor, PLAN_FLAGS, type PlanFlags } from '@atendo/domain';
import { describe, expect, it } from 'vitest';
import { drawerSections, sectionItems } from './drawer-sections';

const allFlags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])) as PlanFlags;

describe('drawerSections', () => {
  it('groups an admin drawer under management, main and administration', () => {
    const items = drawerItemsFor(
      { profile: 'admin', super: false },
      { plan: allFlags, hasHelps: true },
    );
    const sections = drawerSections(items);
    expect(sections.map((s) => s.id)).toEqual(['management', 'main', 'administration']);
    expect(sections[0]!.entries).toEqual([
      { kind: 'link', item: 'dashboard' },
      { kind: 'link', item: 'reports' },
      { kind: 'link', item: 'moments' },
    ]);
    expect(sections[2]!.entries[0]).toEqual({
      kind: 'submenu',
      id: 'campaigns',
      items: ['campaigns', 'contact-lists'],
    });
    expect(sectionItems(sections)).toEqual(items);
  });

  it('keeps the order and leaves out empty sections for a plain user', () => {
    const items = drawerItemsFor({ profile: 'user', super: false }, { plan: {}, hasHelps: false });
    const sections = drawerSections(items);
    expect(sections.map((s) => s.id)).toEqual(['main']);
    expect(sectionItems(sections)).toEqual(['tickets', 'quick-messages', 'contacts', 'tags']);
  });

  it('shows the super admin platform entries in the administration section', () => {
    const items = drawerItemsFor(
      { profile: 'admin', super: true },
      { plan: { useCampaigns: false }, hasHelps: false },
    );
    const admin = drawerSections(items).find((s) => s.id === 'administration')!;
    expect(admin.entries.some((e) => e.kind === 'submenu')).toBe(false);
    expect(sectionItems([admin])).toContain('companies');
    expect(sectionItems([admin])).toContain('all-connections');
    expect(sectionItems([admin])).toContain('announcements');
  });
});
