import { z } from 'zod';

/** typeArch of the whitelabel uploads: clients send "logo"; nothing depends on it. */
const typeArch = z.string().max(50).optional();

/** POST /settings-whitelabel/logo fields (beside the `file` part). */
export const whitelabelLogoSchema = z.object({
  typeArch,
  mode: z.enum(['Light', 'Dark', 'Favicon']),
});

/** POST /settings-whitelabel/login fields (beside the `file` part). */
export const whitelabelLoginSchema = z.object({
  typeArch,
  mode: z.enum(['Enter', 'Register']),
});

export type WhitelabelLogoMode = z.infer<typeof whitelabelLogoSchema>['mode'];
export type WhitelabelLoginMode = z.infer<typeof whitelabelLoginSchema>['mode'];

/** The setting key each upload mode writes (docs/product/settings.md Setting, whitelabel keys). */
export const WHITELABEL_IMAGE_KEYS = {
  Light: 'appLogoLight',
  Dark: 'appLogoDark',
  Favicon: 'appLogoFavicon',
  Enter: 'loginEnterImage',
  Register: 'loginRegisterImage',
} as const satisfies Record<WhitelabelLogoMode | WhitelabelLoginMode, string>;

/** The image kinds a whitelabel upload may be, by content (no SVG: it can carry script). */
export const WHITELABEL_IMAGE_KINDS = ['png', 'jpg', 'webp', 'gif'] as const;

/** Size limits: logos and favicon stay small; login images may be full-width pictures. */
export const WHITELABEL_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const WHITELABEL_LOGIN_MAX_BYTES = 5 * 1024 * 1024;
