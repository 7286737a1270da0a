/** Row text limits (docs/product/tickets.md#limits-and-constants). */
export const CONTACT_NAME_MAX = 60;
export const LAST_MESSAGE_MAX = 40;

/** The text cut at `max` characters, with an ellipsis when it was longer. */
export function cut(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

/** Channel colours of a row (docs/product/tickets.md#the-tickets-screen): whatsapp green, facebook blue, any other pink. */
export function channelColor(channel: string | undefined): string {
  if (channel === 'whatsapp') return '#25D366';
  if (channel === 'facebook') return '#3b5998';
  return '#E1306C';
}

/** Digits-only text (a phone number typed into the new-ticket contact search). */
export const isDigits = (text: string) => /^\d+$/.test(text);
