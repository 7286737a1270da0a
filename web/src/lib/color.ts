/** The relative luminance of an sRGB colour (WCAG 2), or null for what is not #rgb / #rrggbb. */
export function luminance(color: string): number | null {
  const hex = color.trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The text colour readable on a user-chosen background (a queue's, a tag's, a user's colour):
 * white where it reaches WCAG AA's 4.5:1 for small text, else white or near-black, whichever
 * contrasts more. White when the colour cannot be read.
 */
export function textColorOn(background: string | null | undefined): string {
  const l = background ? luminance(background) : null;
  if (l === null) return '#ffffff';
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance('#0a0a0a')! + 0.05);
  return onWhite >= 4.5 || onWhite >= onDark ? '#ffffff' : '#0a0a0a';
}
