import { log } from '@temporalio/activity';
import { refreshCompanyStorage, type AppContext } from '@atendo/core';

/** The company-storage activity: one use case of the business core. */
export function createCompanyStorageActivities(deps: { ctx: AppContext }) {
  return {
    /** Walks every company's upload folders and stores size, file count and newest change. */
    async refreshCompanyStorage(): Promise<number> {
      const companies = await refreshCompanyStorage(deps.ctx);
      log.info('Company storage refreshed', { companies });
      return companies;
    },
  };
}

/** The company-storage activities' interface, as workflows see it. */
export type CompanyStorageActivities = ReturnType<typeof createCompanyStorageActivities>;
