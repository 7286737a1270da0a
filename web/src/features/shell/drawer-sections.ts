import type { DrawerItem } from '@atendo/domain';

const MANAGEMENT: readonly DrawerItem[] = ['dashboard', 'reports', 'moments'];
const CAMPAIGNS: readonly DrawerItem[] = ['campaigns', 'contact-lists'];
const ADMINISTRATION: readonly DrawerItem[] = [
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
];

/** One line of the drawer: a link, or the campaigns submenu holding links. */
export type DrawerEntry =
  { kind: 'link'; item: DrawerItem } | { kind: 'submenu'; id: 'campaigns'; items: DrawerItem[] };

export interface DrawerSection {
  id: 'management' | 'main' | 'administration';
  entries: DrawerEntry[];
}

/**
 * Lays out the entries the permissions module chose (in its order) under the drawer's
 * headings: the management group, the everyday entries, and the administration section with
 * its campaigns submenu. Empty sections are left out.
 */
export function drawerSections(items: readonly DrawerItem[]): DrawerSection[] {
  const management = items.filter((i) => MANAGEMENT.includes(i));
  const administration = items.filter((i) => ADMINISTRATION.includes(i));
  const main = items.filter((i) => !MANAGEMENT.includes(i) && !ADMINISTRATION.includes(i));

  const adminEntries: DrawerEntry[] = [];
  const campaigns = administration.filter((i) => CAMPAIGNS.includes(i));
  for (const item of administration) {
    if (CAMPAIGNS.includes(item)) {
      if (item === campaigns[0])
        adminEntries.push({ kind: 'submenu', id: 'campaigns', items: campaigns });
    } else adminEntries.push({ kind: 'link', item });
  }

  const link = (item: DrawerItem): DrawerEntry => ({ kind: 'link', item });
  const sections: DrawerSection[] = [
    { id: 'management', entries: management.map(link) },
    { id: 'main', entries: main.map(link) },
    { id: 'administration', entries: adminEntries },
  ];
  return sections.filter((s) => s.entries.length > 0);
}

/** Every link of the sections, in drawer order. */
export function sectionItems(sections: readonly DrawerSection[]): DrawerItem[] {
  return sections.flatMap((s) =>
    s.entries.flatMap((e) => (e.kind === 'link' ? [e.item] : e.items)),
  );
}
