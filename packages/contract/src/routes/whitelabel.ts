import { whitelabelLoginSchema, whitelabelLogoSchema } from '@atendo/domain';
import { z } from 'zod';
import { route } from '../define.js';

/**
 * Whitelabel image uploads (docs/product/settings.md#routes): super admins only. Each stores one image under /public
 * and writes the platform's setting key for its mode; the answer is the stored name, which the
 * console shows as `/public/<name>`.
 */
export const whitelabelRoutes = {
  whitelabelLogo: route({
    method: 'POST',
    path: '/settings-whitelabel/logo',
    access: 'super',
    tag: 'whitelabel',
    summary: 'Upload the light or dark logo or the favicon (png, jpeg, webp or gif; 2 MB)',
    multipart: true,
    body: whitelabelLogoSchema,
    response: z.string(),
  }),
  whitelabelLogin: route({
    method: 'POST',
    path: '/settings-whitelabel/login',
    access: 'super',
    tag: 'whitelabel',
    summary: 'Upload the login (Enter) or signup (Register) image (png, jpeg, webp or gif; 5 MB)',
    multipart: true,
    body: whitelabelLoginSchema,
    response: z.string(),
  }),
} as const;
