/**
 * The associated data a session's sealed values are bound to (sealSecret in db/sealed-secrets.ts), so
 * one connection's auth state or control key never opens as another's.
 */

/** The associated data of one auth state entry. */
export const authContext = (whatsappId: number, key: string) => `auth:${whatsappId}:${key}`;
/** The associated data of a connection's control key. */
export const controlKeyContext = (whatsappId: number) => `control:${whatsappId}`;
