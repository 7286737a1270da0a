/** The domain events the settings module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface SettingsEvents {
  'setting.updated': { companyId: number; key: string; value: string };
}
