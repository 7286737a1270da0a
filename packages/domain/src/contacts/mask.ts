/**
 * LGPD number masking (spec 1 §6). The spec gives two readings ("only the last 4 digits" and
 * "all but the last 2 digits and a 6-digit segment"); this platform uses the first: every
 * character but the last 4 becomes '*', so the length still shows and nothing else does.
 * Numbers of 4 characters or fewer are masked whole.
 */
export function maskContactNumber(number: string | null | undefined): string | null {
  if (number === null || number === undefined || number === '') return number ?? null;
  const visible = number.length > 4 ? 4 : 0;
  return '*'.repeat(number.length - visible) + number.slice(number.length - visible);
}

/** The settings that decide masking: LGPD on and hide-number on, for a profile user. */
export function masksContactNumbers(
  settings: { enableLGPD?: string | null; lgpdHideNumber?: string | null },
  profile: 'admin' | 'user',
): boolean {
  return (
    profile === 'user' && settings.enableLGPD === 'enabled' && settings.lgpdHideNumber === 'enabled'
  );
}
