import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Principal } from './principal.js';

export interface TokenService {
  signAccess(p: Principal): Promise<string>;
  /** The principal of a valid token; null when the token is bad or expired. */
  verifyAccess(token: string): Promise<Principal | null>;
}

/** HS256 access tokens (short-lived); refresh tokens are opaque and stored hashed. */
export function createTokenService(secret: string, ttl: string): TokenService {
  // Imported once: given raw bytes, jose imports the key into WebCrypto on every call, which
  // cost more than the rest of the token check on every request.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Tokens already verified, until they expire: every request of a console presents the same
  // token, and the signature check was the single largest cost of the request path. Only what
  // the signature proves is cached; who the user is now is still read on every request.
  const verified = new LRUCache<string, Principal>({ max: 10_000 });
  return {
    async signAccess(p) {
      return new SignJWT({
        companyId: p.companyId,
        profile: p.profile,
        super: p.super,
        tv: p.tokenVersion,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(p.userId))
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(await key);
    },
    async verifyAccess(token) {
      const known = verified.get(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId)) return null;
        const principal: Principal = {
          userId,
          companyId: Number(payload.companyId),
          profile: payload.profile === 'admin' ? 'admin' : 'user',
          super: payload.super === true,
          tokenVersion: Number(payload.tv ?? 0),
        };
        const ttl = (payload.exp ?? 0) * 1000 - Date.now();
        if (ttl > 0) verified.set(token, principal, { ttl });
        return principal;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}

/** A new opaque refresh token. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a refresh token (never the token itself). */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
