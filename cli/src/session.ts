import { createApiClient, type ApiClient } from '@atendo/api-client';
import { loadCredentials, resolveApiUrl, saveCredentials, type Credentials } from './config.js';
import type { CliContext } from './context.js';
import { CliError, describeApiFailure } from './errors.js';

/** Keeps the cookies an api response sets (the refresh token), dropping expired ones. */
export function collectCookies(jar: Record<string, string>, res: Response): boolean {
  let changed = false;
  for (const header of res.headers.getSetCookie()) {
    const [pair = '', ...attributes] = header.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => {
      const [key = '', val = ''] = a.split('=').map((s) => s.trim());
      if (/^max-age$/i.test(key)) return Number(val) <= 0;
      if (/^expires$/i.test(key)) return Date.parse(val) <= Date.now();
      return false;
    });
    if (expired || value === '') {
      if (name in jar) {
        delete jar[name];
        changed = true;
      }
    } else if (jar[name] !== value) {
      jar[name] = value;
      changed = true;
    }
  }
  return changed;
}

/** The Cookie header for a jar, or nothing when it is empty. */
export function cookieHeader(jar: Record<string, string>): Record<string, string> {
  const pairs = Object.entries(jar).map(([k, v]) => `${k}=${v}`);
  return pairs.length ? { Cookie: pairs.join('; ') } : {};
}

/** A logged-in api client; a renewed token or refresh cookie is written back to the credentials. */
export interface Session {
  client: ApiClient;
  apiUrl: string;
  credentials: Credentials;
  /** Saves the credentials when a call renewed them. */
  persist(): Promise<void>;
}

/** Opens the saved session for the resolved api URL, or fails telling the user to log in. */
export async function openSession(ctx: CliContext, apiFlag: string | undefined): Promise<Session> {
  const saved = await loadCredentials(ctx);
  const apiUrl = resolveApiUrl(ctx, apiFlag, saved);
  if (!saved) {
    throw new CliError('You are not logged in.', {
      nextSteps: ['Run `atendo login` with a super admin account.'],
    });
  }
  if (saved.apiUrl !== apiUrl) {
    throw new CliError(`You are logged in to ${saved.apiUrl}, not ${apiUrl}.`, {
      nextSteps: [`Run \`atendo login --api ${apiUrl}\` with a super admin account.`],
    });
  }
  const credentials: Credentials = { ...saved, cookies: { ...saved.cookies } };
  let dirty = false;
  const client = createApiClient({
    baseUrl: apiUrl,
    getToken: () => credentials.token,
    setToken: (token) => {
      credentials.token = token;
      dirty = true;
    },
    // An expired access token answers 403; the refresh cookie renews it once.
    refreshOn403: true,
    headers: () => cookieHeader(credentials.cookies),
    onResponse: (res) => {
      if (collectCookies(credentials.cookies, res)) dirty = true;
    },
  });
  return {
    client,
    apiUrl,
    credentials,
    async persist() {
      if (!dirty) return;
      await saveCredentials(ctx, credentials);
      dirty = false;
    },
  };
}

/** Runs one api call as a super admin; failures become CliErrors that explain what to do. */
export async function superCall<T>(
  session: Session,
  fn: (client: ApiClient) => Promise<T>,
): Promise<T> {
  try {
    return await fn(session.client);
  } catch (err) {
    throw describeApiFailure(err, { apiUrl: session.apiUrl, needsSuper: true });
  } finally {
    await session.persist();
  }
}
