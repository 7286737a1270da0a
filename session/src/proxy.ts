import type { Agent } from 'node:https';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { SocksProxyAgent } from 'socks-proxy-agent';

/** The agent for the connection's proxy (spec 2 Proxy): SOCKS or HTTP(S) CONNECT by scheme. */
export function proxyAgent(proxyUrl: string | null | undefined): Agent | undefined {
  if (!proxyUrl) return undefined;
  const scheme = new URL(proxyUrl).protocol;
  if (scheme.startsWith('socks')) return new SocksProxyAgent(proxyUrl);
  if (scheme === 'http:' || scheme === 'https:') return new HttpsProxyAgent(proxyUrl);
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
