import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * Encryption at rest of the secrets the api stores (a session's Baileys auth state and
 * control key, a proxy's password, a transcription credential): AES-256-GCM under one key
 * per api, bound to the row it belongs to (the associated data names the row and field), so
 * a value copied to another row or company no longer decrypts.
 *
 * The key: SESSION_AUTH_KEY, stretched with HKDF; unset, derived with HKDF from the JWT
 * secret (JWT_SECRET, or outside production the one main.ts keeps under DATA_DIR), so the
 * embedded default needs no extra setting. Changing either makes stored auth states
 * unreadable: sessions then ask for a new QR code.
 */

const FORMAT = 'v1';
const keys = new WeakMap<Config, Buffer>();

/** The JWT secret main.ts resolves: configured, or kept (created if need be) under DATA_DIR. */
function jwtSecretOf(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.NODE_ENV === 'production')
    throw new Error('SESSION_AUTH_KEY or JWT_SECRET is required in production');
  const file = path.resolve(config.DATA_DIR, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** The api's session encryption key (32 bytes), derived once per configuration. */
export function sessionSecretKey(ctx: { config: Config }): Buffer {
  let key = keys.get(ctx.config);
  if (!key) {
    const source = ctx.config.SESSION_AUTH_KEY ?? jwtSecretOf(ctx.config);
    const info = ctx.config.SESSION_AUTH_KEY ? 'atendo session auth' : 'atendo session auth (jwt)';
    key = Buffer.from(hkdfSync('sha256', source, 'atendo', info, 32));
    keys.set(ctx.config, key);
  }
  return key;
}

/** `v1:<iv>:<tag>:<ciphertext>` (base64) of `plaintext`, bound to `context`. */
export function sealSecret(ctx: { config: Config }, plaintext: string, context: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sessionSecretKey(ctx), iv);
  cipher.setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
    .join(':');
}

/** The plaintext of a sealed value; null when it is not ours or does not belong to `context`. */
export function openSecret(
  ctx: { config: Config },
  sealed: unknown,
  context: string,
): string | null {
  if (typeof sealed !== 'string') return null;
  const [format, iv, tag, data] = sealed.split(':');
  if (format !== FORMAT || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      sessionSecretKey(ctx),
      Buffer.from(iv, 'base64'),
    );
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
