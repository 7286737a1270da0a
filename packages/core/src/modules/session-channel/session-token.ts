import { createHash } from 'node:crypto';

/** The stored form of a session token. */
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');
