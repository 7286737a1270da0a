import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

// scrypt (a memory-hard KDF) with OWASP's recommended cost; parameters travel with the hash.
const N = 2 ** 17;
const r = 8;
const p = 1;
const KEYLEN = 32;
const maxmem = 256 * 1024 * 1024;

/** Hashes a password as `scrypt$N$r$p$salt$key` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEYLEN, { N, r, p, maxmem });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same effort so a missing user is not told apart by timing.
    await scrypt(password, randomBytes(16), KEYLEN, { N, r, p, maxmem });
    return false;
  }
  const [, n, rr, pp, salt, key] = parts;
  const expected = Buffer.from(key!, 'base64');
  const actual = await scrypt(
    password.normalize('NFKC'),
    Buffer.from(salt!, 'base64'),
    expected.length,
    {
      N: Number(n),
      r: Number(rr),
      p: Number(pp),
      maxmem,
    },
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
