import type { Logger } from 'pino';
import { InternalApiError, type InternalApi, type StatusReport } from './internal-api.js';

/**
 * Status reports to the api, latest wins: a report that fails (api down, token refused) is
 * retried with backoff until one gets through, so the api always learns the current status,
 * endpoint and control key without the session ever stopping for it.
 */
export class StatusReporter {
  private latest: StatusReport | null = null;
  private sending = false;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly api: InternalApi,
    private readonly extra: () => Pick<StatusReport, 'endpoint' | 'controlKey'>,
    private readonly logger: Logger,
  ) {}

  report(r: StatusReport): void {
    this.latest = r;
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.flush();
  }

  private async flush(): Promise<void> {
    if (this.sending || !this.latest) return;
    this.sending = true;
    const r = this.latest;
    try {
      await this.api.reportStatus({ ...r, ...this.extra() });
      this.failures = 0;
      if (this.latest === r) this.latest = null;
    } catch (err) {
      if (err instanceof InternalApiError && err.status === 400) {
        // A report the api will never take: retrying it would only hide newer ones.
        this.logger.error({ err: String(err), status: r.status }, 'status report refused');
        if (this.latest === r) this.latest = null;
        return;
      }
      this.failures++;
      const delay = Math.min(60_000, 1000 * 2 ** Math.min(this.failures - 1, 6));
      this.logger.warn(
        { err: String(err), status: r.status, retryInMs: delay },
        'status report failed',
      );
      this.timer = setTimeout(() => void this.flush(), delay);
      this.timer.unref();
    } finally {
      this.sending = false;
    }
    // A newer report arrived while this one was in flight.
    if (this.latest && this.latest !== r && !this.timer) void this.flush();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.latest = null;
  }
}
