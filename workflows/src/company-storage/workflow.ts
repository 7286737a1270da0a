import { proxyActivities } from '@temporalio/workflow';
// Only the type crosses into workflow code; the worker registers the implementation.
import type { CompanyStorageActivities } from './activities.js';

const { refreshCompanyStorage } = proxyActivities<CompanyStorageActivities>({
  // A walk over every company's folders: generous, and retried from the start (it is idempotent).
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '30 seconds', maximumAttempts: 5 },
});

/**
 * Refreshes the folder statistics the companies page shows (size, file count, last change),
 * so that listing companies reads the stored row and never walks the disk.
 */
export async function companyStorageSweep(): Promise<number> {
  return refreshCompanyStorage();
}
