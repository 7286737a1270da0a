/** The domain events the companies module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface CompaniesEvents {
  'company.created': { companyId: number };
  'company.updated': { companyId: number };
  'company.deleted': { companyId: number };
}
