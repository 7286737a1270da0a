/**
 * An in-process fake of the api's internal endpoints, speaking exactly the contract the
 * operator's InternalApiClient uses (the real routes are tested with the api). It keeps
 * companies and connections in memory, records every call, and can be told to fail.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

interface FakeCompany {
  id: number;
  name: string;
  displayName: string;
  plan: string | null;
  active: boolean;
  dueDate: string | null;
  overdue: boolean;
}

interface FakeConnection {
  id: number;
  companyId: number;
  resourceName: string;
  displayName: string;
  channel: string;
  tokenHash?: string;
}

interface Failure {
  method: string;
  path: RegExp;
  status: number;
  remaining: number;
}

/** The fake api server. */
export class FakeInternalApi {
  readonly calls: RecordedCall[] = [];
  readonly companies = new Map<string, FakeCompany>();
  readonly connections = new Map<number, FakeConnection>();
  private readonly failures: Failure[] = [];
  private nextCompanyId = 1;
  private nextConnectionId = 100;
  private server: http.Server | undefined;
  url = '';

  constructor(readonly token: string) {}

  /** Listens on a free loopback port. */
  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (raw += chunk));
      req.on('end', () => this.handle(req, raw, res));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Makes the next `times` calls matching method + path answer `status`. */
  failNext(method: string, path: RegExp, status: number, times = 1): void {
    this.failures.push({ method, path, status, remaining: times });
  }

  /** Marks a company's subscription overdue (3+ days): its effective status becomes false. */
  setOverdue(companyId: number, overdue: boolean): void {
    const company = [...this.companies.values()].find((c) => c.id === companyId);
    if (!company) throw new Error(`no company ${companyId}`);
    company.overdue = overdue;
  }

  /** Creates a company directly (as if made in the console), answering its id. */
  seedCompany(name: string, active = true): number {
    const company: FakeCompany = {
      id: this.nextCompanyId++,
      name,
      displayName: name,
      plan: null,
      active,
      dueDate: null,
      overdue: false,
    };
    this.companies.set(name, company);
    return company.id;
  }

  /** Recorded calls whose "METHOD path" matches. */
  callsTo(method: string, path: RegExp): RecordedCall[] {
    return this.calls.filter((c) => c.method === method && path.test(c.path));
  }

  private handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse): void {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    let body: unknown = undefined;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return send(res, 400, { error: 'ERR_INVALID_JSON' });
    }
    if (req.headers.authorization !== `Bearer ${this.token}`) {
      return send(res, 401, { error: 'ERR_UNAUTHORIZED' });
    }
    this.calls.push({ method, path, body });
    const failure = this.failures.find((f) => f.method === method && f.path.test(path) && f.remaining > 0);
    if (failure) {
      failure.remaining -= 1;
      return send(res, failure.status, { error: failure.status >= 500 ? 'ERR_INTERNAL' : 'ERR_FAILED' });
    }

    let m: RegExpExecArray | null;
    if (method === 'PUT' && (m = /^\/internal\/companies\/([^/]+)$/.exec(path))) {
      return this.upsertCompany(decodeURIComponent(m[1] as string), body as Record<string, unknown>, res);
    }
    if (method === 'GET' && (m = /^\/internal\/companies\/(\d+)$/.exec(path))) {
      const company = this.companyById(Number(m[1]));
      if (!company) return send(res, 404, { error: 'ERR_NO_COMPANY_FOUND' });
      return send(res, 200, companyView(company));
    }
    if (method === 'PUT' && path === '/internal/connections') {
      return this.registerConnection(body as Record<string, unknown>, res);
    }
    if (method === 'POST' && (m = /^\/internal\/connections\/(\d+)\/session-credentials$/.exec(path))) {
      const connection = this.connections.get(Number(m[1]));
      if (!connection) return send(res, 404, { error: 'ERR_NO_WAPP_FOUND' });
      const token = crypto.randomBytes(24).toString('base64url');
      connection.tokenHash = crypto.createHash('sha256').update(token).digest('hex');
      return send(res, 200, { token });
    }
    if (method === 'POST' && (m = /^\/internal\/connections\/(\d+)\/logout$/.exec(path))) {
      if (!this.connections.has(Number(m[1]))) return send(res, 404, { error: 'ERR_NO_WAPP_FOUND' });
      res.writeHead(204).end();
      return;
    }
    send(res, 404, { error: 'ERR_NOT_FOUND' });
  }

  private upsertCompany(name: string, body: Record<string, unknown>, res: http.ServerResponse): void {
    if (typeof body?.displayName !== 'string' || typeof body.adminEmail !== 'string' || typeof body.active !== 'boolean') {
      return send(res, 400, { error: 'ERR_VALIDATION' });
    }
    let company = this.companies.get(name);
    if (!company) {
      company = {
        id: this.nextCompanyId++,
        name,
        displayName: body.displayName,
        plan: null,
        active: true,
        dueDate: '2099-12-31',
        overdue: false,
      };
      this.companies.set(name, company);
    }
    company.displayName = body.displayName;
    company.active = body.active;
    if (typeof body.plan === 'string') company.plan = body.plan;
    if (typeof body.dueDate === 'string') company.dueDate = body.dueDate;
    send(res, 200, companyView(company));
  }

  private registerConnection(body: Record<string, unknown>, res: http.ServerResponse): void {
    const companyId = Number(body?.companyId);
    const resourceName = body?.resourceName;
    if (!this.companyById(companyId)) return send(res, 404, { error: 'ERR_NO_COMPANY_FOUND' });
    if (typeof resourceName !== 'string' || typeof body.displayName !== 'string' || typeof body.channel !== 'string') {
      return send(res, 400, { error: 'ERR_VALIDATION' });
    }
    let connection = [...this.connections.values()].find(
      (c) => c.companyId === companyId && c.resourceName === resourceName,
    );
    if (!connection) {
      connection = {
        id: this.nextConnectionId++,
        companyId,
        resourceName,
        displayName: body.displayName,
        channel: body.channel,
      };
      this.connections.set(connection.id, connection);
    }
    send(res, 200, { id: connection.id });
  }

  private companyById(id: number): FakeCompany | undefined {
    return [...this.companies.values()].find((c) => c.id === id);
  }
}

function companyView(company: FakeCompany) {
  return {
    id: company.id,
    name: company.name,
    status: company.active && !company.overdue,
    dueDate: company.dueDate,
    plan: company.plan,
    overdue: company.overdue,
  };
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
