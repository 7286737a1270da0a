/**
 * The api's internal endpoints (service-token auth) as the controllers use them: provision
 * companies, register connections, issue session credentials, log sessions out. A thin layer
 * over the shared typed client (@atendo/api-client over @atendo/contract), adding the service
 * token and a per-call timeout. Every call is idempotent on the api side, so a reconcile may
 * repeat any of them safely.
 */
import { ApiError, createApiClient, type ApiClient, type CallInput, type CallOutput } from '@atendo/api-client';

export { ApiError };

/** Body of PUT /internal/companies/:resourceName. */
export type CompanyUpsert = CallInput<'internalCompanyUpsert'>['body'];

/** The api's effective view of a company (status false when inactive or overdue). */
export type CompanyState = CallOutput<'internalCompanyShow'>;

export interface InternalApiClientOptions {
  baseUrl: string;
  /** The service token (INTERNAL_TOKEN). */
  token: string;
  /** Per-request timeout. Default 10 s. */
  timeoutMs?: number;
}

/** Client of the api's /internal routes. */
export class InternalApiClient {
  private readonly client: ApiClient;
  private readonly timeoutMs: number;

  constructor(options: InternalApiClientOptions) {
    this.client = createApiClient({ baseUrl: options.baseUrl, getToken: () => options.token });
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** Provisions the company named `resourceName` or updates it; answers its effective state. */
  upsertCompany(resourceName: string, body: CompanyUpsert): Promise<CompanyState> {
    return this.client.call('internalCompanyUpsert', { params: { resourceName }, body, signal: this.signal() });
  }

  /** The company's current effective state. */
  getCompany(companyId: number): Promise<CompanyState> {
    return this.client.call('internalCompanyShow', { params: { id: companyId }, signal: this.signal() });
  }

  /** Registers the connection (idempotent by companyId + resourceName); answers its api id. */
  async registerConnection(body: CallInput<'internalConnectionRegister'>['body']): Promise<number> {
    return (await this.client.call('internalConnectionRegister', { body, signal: this.signal() })).id;
  }

  /** Issues a new per-connection session token (the api keeps only its hash). */
  async issueSessionCredentials(connectionId: number): Promise<string> {
    const { token } = await this.client.call('internalSessionCredentials', {
      params: { id: connectionId },
      signal: this.signal(),
    });
    return token;
  }

  /** Logs the connection's session out (before its pod goes away). */
  async logoutConnection(connectionId: number): Promise<void> {
    await this.client.call('internalSessionLogout', { params: { id: connectionId }, signal: this.signal() });
  }

  private signal(): AbortSignal {
    return AbortSignal.timeout(this.timeoutMs);
  }
}
