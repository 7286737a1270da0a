import type { Agent } from 'node:https';

/**
 * The agent for the connection's proxy (spec 2 Proxy): SOCKS or HTTP(S) CONNECT by scheme.
 * Loaded only when a proxy is set: the agent libraries cost an idle session ~15 MB otherwise.
 */
export async function proxyAgent(proxyUrl: string | null | undefined): Promise<Agent | undefined> {
  if (!proxyUrl) return undefined;
  const scheme = new URL(proxyUrl).protocol;
  if (scheme.startsWith('socks')) {
    const { SocksProxyAgent } = await import('socks-proxy-agent');
    return new SocksProxyAgent(proxyUrl);
  }
  if (scheme === 'http:' || scheme === 'https:') {
    const { HttpsProxyAgent } = await import('https-proxy-agent');
    return new HttpsProxyAgent(proxyUrl);
  }
  throw new Error(`unsupported proxy scheme ${scheme}`);
}

/** A proxy URL fit for logs: never the password. */
export function redactProxy(proxyUrl: string): string {
  try {
    const u = new URL(proxyUrl);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid proxy URL)';
  }
}
