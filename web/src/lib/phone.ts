/**
 * How the console shows a phone number (docs/product/contacts.md#fields "Phone mask: Brazil country-code formats for
 * 12 or 13 digits"): a Brazilian number stored as digits — 55, the area code, then 8 digits (a
 * landline, or a mobile as WhatsApp still reports many) or 9 digits (a mobile) — reads
 * "+55 (11) 3333-4444" or "+55 (11) 98765-4321". Anything else is shown as it is: numbers of other
 * countries, other lengths, ids of other channels and numbers the LGPD setting masks
 * ('*********4321'). Display only: stored and typed values stay digits.
 *
 * The mask is positional on purpose: libphonenumber-js (which the domain package uses to
 * normalise typed numbers) follows today's numbering plan and leaves the 12-digit mobile form
 * unformatted ("1187654321"), which is the shape most WhatsApp numbers of Brazil arrive in.
 */
export function formatPhoneNumber(number: string | null | undefined): string {
  if (!number) return '';
  const match = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(number);
  return match ? `+55 (${match[1]}) ${match[2]}-${match[3]}` : number;
}
