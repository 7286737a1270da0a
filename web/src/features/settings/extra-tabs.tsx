import type { ReactNode } from 'react';
import { CompaniesManager } from '@/features/companies/companies-manager';
import { HelpsManager } from '@/features/helps/helps-manager';
import { PlansManager } from '@/features/plans/plans-manager';
import { WhitelabelTab } from '@/features/whitelabel/whitelabel-tab';

/**
 * Settings tabs that other features own (docs/product/settings.md Settings page: the super-only companies,
 * plans, helps and whitelabel tabs). Each feature adds one entry; the settings page renders
 * them after its own tabs, to super admins only when `superOnly`.
 */
export interface SettingsTabEntry {
  /** The tab's value in the URL (`/settings?tab=<value>`). */
  value: string;
  /** i18n key of the tab's label. */
  labelKey: string;
  superOnly: boolean;
  render: () => ReactNode;
}

export const EXTRA_SETTINGS_TABS: SettingsTabEntry[] = [
  {
    value: 'companies',
    labelKey: 'companies.tab',
    superOnly: true,
    render: () => <CompaniesManager />,
  },
  { value: 'plans', labelKey: 'plans.tab', superOnly: true, render: () => <PlansManager /> },
  { value: 'helps', labelKey: 'helps.tab', superOnly: true, render: () => <HelpsManager /> },
  {
    value: 'whitelabel',
    labelKey: 'whitelabel.tab',
    superOnly: true,
    render: () => <WhitelabelTab />,
  },
];
