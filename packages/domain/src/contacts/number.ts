import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** The message of every number-format failure (docs/product/contacts.md#validation). */
export const CONTACT_NUMBER_MESSAGE = 'Invalid number format. Only numbers are allowed.';

/** A contact number as typed: digits only, 8 to 50 of them (docs/product/contacts.md#validation). */
export const CONTACT_NUMBER_PATTERN = /^\d{8,50}$/;

/**
 * The stored form of a typed phone number: digits with the country code, no mask (what the
 * messaging API expects, docs/product/contacts.md#validation). A number that already reads as a valid international
 * number is kept; one that is only valid as a national number of `country` (a Brazilian
 * "11987654321") gains that country's code. Anything else (group ids, Facebook and Instagram
 * user ids, numbers of plans the library does not know) is kept as typed, digits only:
 * normalising must never turn a real id into another one.
 */
export function normaliseContactNumber(raw: string, country: CountryCode = 'BR'): string {
  const digits = raw.replace(/\D/g, '');
  if (!digits) return digits;
  const international = parsePhoneNumberFromString(`+${digits}`);
  if (international?.isValid()) return international.number.slice(1);
  const national = parsePhoneNumberFromString(digits, country);
  if (national?.isValid()) return national.number.slice(1);
  return digits;
}

/** True when `raw` is a real phone number (with its country code, or national to `country`). */
export function isValidPhoneNumber(raw: string, country: CountryCode = 'BR'): boolean {
  const digits = raw.replace(/\D/g, '');
  if (!digits) return false;
  return Boolean(
    parsePhoneNumberFromString(`+${digits}`)?.isValid() ||
    parsePhoneNumberFromString(digits, country)?.isValid(),
  );
}
