import type { AppContext } from '../../context.js';
import { graphJson } from './graph-client.js';

/**
 * The name and picture of a Messenger or Instagram customer (GET /{psid} with the page token),
 * for a contact seen for the first time. Best effort: a short wait, and nothing on failure
 * (the contact is then named by its id until an attendant renames it).
 */
export async function fetchPageProfile(
  ctx: AppContext,
  o: { channel: 'facebook' | 'instagram'; customerId: string; token: string },
): Promise<{ name: string | null; profilePicUrl: string | null }> {
  try {
    const fields =
      o.channel === 'instagram' ? 'name,username,profile_pic' : 'first_name,last_name,profile_pic';
    const p = await Promise.race([
      graphJson<{
        name?: string;
        username?: string;
        first_name?: string;
        last_name?: string;
        profile_pic?: string;
      }>(ctx, { path: `/${encodeURIComponent(o.customerId)}`, token: o.token, query: { fields } }),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('profile timeout')), 3000).unref(),
      ),
    ]);
    const name =
      p.name ?? p.username ?? ([p.first_name, p.last_name].filter(Boolean).join(' ') || null);
    const pic = p.profile_pic && /^https?:\/\//.test(p.profile_pic) ? p.profile_pic : null;
    return { name: name?.slice(0, 255) ?? null, profilePicUrl: pic };
  } catch (err) {
    ctx.logger.debug({ err: String(err), channel: o.channel }, 'meta profile lookup failed');
    return { name: null, profilePicUrl: null };
  }
}
