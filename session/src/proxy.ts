import type { Agent } from 'node:https';
import type { Dispatcher } from 'undici';

/**
 * The agent for the connection's proxy (docs/product/connections.md Proxy): SOCKS or HTTP(S) CONNECT by scheme.
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

/**
 * The same proxy for Baileys' media uploads and downloads, which go through Node's fetch and
 * take only an undici dispatcher (an https Agent is ignored there: media went out directly,
 * from the server's own address, while the socket used the proxy). Loaded only when a proxy
 * is set: undici costs an idle session ~11 MB.
 */
export async function proxyDispatcher(
  proxyUrl: string | null | undefined,
): Promise<Dispatcher | undefined> {
  if (!proxyUrl) return undefined;
  const scheme = new URL(proxyUrl).protocol;
  const { ProxyAgent, Socks5ProxyAgent } = await import('undici');
  if (scheme.startsWith('socks')) return new Socks5ProxyAgent(proxyUrl);
  if (scheme === 'http:' || scheme === 'https:') return new ProxyAgent(proxyUrl);
  throw new Error(`unsupported proxy scheme ${scheme}`);
}
