import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

/** The sha256 CSP sources of the inline scripts of an HTML page (the console's theme script). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (!m[1]?.trim()) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of every response. The api answers JSON, which a browser never
 * runs; the console (a Vite-built React app, when the api serves it) loads its own scripts,
 * styles, images and fonts, talks to the api and its socket on this origin, and is framed by
 * nobody. Inline styles are allowed (component libraries set style attributes); inline
 * scripts only by hash. The help page shows YouTube thumbnails and plays the videos in the
 * privacy-enhanced (no-cookie) embed, the only third-party origins allowed.
 */
export function contentSecurityPolicy(scriptHashes: string[] = []): string {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` ${h}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://i.ytimg.com",
    'frame-src https://www.youtube-nocookie.com',
    "font-src 'self' data:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
  ].join('; ');
}

/** The inline-script hashes of a built console's index.html, if there is one. */
function consoleScriptHashes(consoleDir: string | undefined): string[] {
  if (!consoleDir) return [];
  try {
    return inlineScriptHashes(fs.readFileSync(path.resolve(consoleDir, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}

/**
 * Security headers on every response: the CSP above, no MIME sniffing (a file is what its
 * Content-Type says), no framing (clickjacking), no referrer leaking console paths, and
 * HSTS in production.
 */
export function securityHeaders(o: { production: boolean; consoleDir?: string }): RequestHandler {
  const csp = contentSecurityPolicy(consoleScriptHashes(o.consoleDir));
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    if (o.production) res.setHeader('Strict-Transport-Security', 'max-age=15552000');
    next();
  };
}

/** Responses that carry tokens are never stored by a browser or a proxy. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  next();
};
