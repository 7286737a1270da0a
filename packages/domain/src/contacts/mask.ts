import { z } from 'zod';

/**
 * LGPD number masking (docs/product/contacts.md#permissions). The spec gives two readings ("only the last 4 digits" and
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

/**
 * The metadata key (zod's global registry, so the OpenAPI document shows it too) that declares
 * a view field to be a contact's phone number.
 */
export const CONTACT_NUMBER_META = 'x-lgpd-contact-number';

/**
 * Declares a view field as a contact's phone number. The api masks every field so declared in
 * whatever leaves it (route answers, socket pushes) for a caller who sees numbers masked; a view
 * that carries a contact's number without this declaration sends it whole.
 */
export function contactNumberField<T extends z.ZodType>(schema: T): T {
  return schema.meta({
    [CONTACT_NUMBER_META]: true,
    description: "A contact's number: masked for profile users under LGPD hide-number",
  });
}

/** Whether a schema node is a field declared by contactNumberField. */
export function isContactNumberField(schema: z.ZodType): boolean {
  return z.globalRegistry.get(schema)?.[CONTACT_NUMBER_META] === true;
}
