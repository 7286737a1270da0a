import type { WHITELABEL_KEYS } from '@atendo/domain';
import { config } from '@/lib/config';
import type { Theme } from '@/lib/theme';

export type BrandingKey = (typeof WHITELABEL_KEYS)[number];
/** The platform's whitelabel settings as read (null: not set). */
export type BrandingValues = Record<BrandingKey, string | null>;

/** Primary colours of docs/product/settings.md when the platform sets none. */
export const DEFAULT_PRIMARY: Record<Theme, string> = { light: '#0000FF', dark: '#39ACE7' };

/** The browser-local copies (docs/product/overview.md#console-routes-and-shell "Whitelabel local keys"), read before the first paint. */
export const BRANDING_STORAGE_KEYS = ['primaryColorLight', 'primaryColorDark', 'appName'] as const;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A hex colour with # as the pickers produce it (docs/product/settings.md#validation Whitelabel colours). */
export const isHexColor = (value: string | null | undefined): value is string =>
  !!value && HEX.test(value);

/** The primary colour of a mode: the platform's, else the default. */
export function primaryColorOf(values: Partial<BrandingValues>, theme: Theme): string {
  const own = theme === 'dark' ? values.primaryColorDark : values.primaryColorLight;
  return isHexColor(own) ? own : DEFAULT_PRIMARY[theme];
}

/** #rgb / #rrggbb (alpha ignored) as 0–255 channels. */
function channels(hex: string): [number, number, number] {
  let h = hex.slice(1);
  if (h.length <= 4) h = [...h].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * Text on the primary colour: white or near-black, whichever contrasts more (WCAG relative
 * luminance), so a pale brand colour still has readable buttons.
 */
export function foregroundOn(hex: string): string {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white (1.05 / (L + 0.05)) against contrast with black ((L + 0.05) / 0.05).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#0a0a0a';
}

/**
 * Where an image setting is served from: a full http(s) address as is, else the api's /public/
 * folder (docs/product/settings.md Setting). Null when unset.
 */
export function brandingAssetUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return `${config.apiUrl}/public/${value.split('/').map(encodeURIComponent).join('/')}`;
}

/** Puts the mode's primary colour into the theme tokens (inline on <html>, above :root/.dark). */
export function applyPrimaryColor(root: HTMLElement, color: string): void {
  root.style.setProperty('--primary', color);
  root.style.setProperty('--primary-foreground', foregroundOn(color));
  root.style.setProperty('--ring', color);
}

/** The console's own icon (web/public), shown when the platform sets none. */
export const DEFAULT_FAVICON = '/favicon.svg';

/** Points the page's icon at the platform's favicon, or back at the console's own. */
export function applyFavicon(doc: Document, url: string | null): void {
  let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  if (url) link.removeAttribute('type');
  else link.type = 'image/svg+xml';
  link.href = url ?? DEFAULT_FAVICON;
}
