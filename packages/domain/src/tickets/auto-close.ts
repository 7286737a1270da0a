/**
 * The automatic ticket-closing hours (docs/product/tickets.md#limits-and-constants and docs/product/tickets.md: "Automatic ticket-closing hours
 * default 999999999", an environment default): an open ticket with nothing said either side for
 * that many hours is closed. The default, about 114,000 years, means never, as 0 does.
 */
export const HOURS_CLOSE_TICKETS_AUTO_DEFAULT = 999_999_999;

/** The hours after which idle open tickets close, or null when they never do. */
export function autoCloseHours(hours: number): number | null {
  return hours > 0 && hours < HOURS_CLOSE_TICKETS_AUTO_DEFAULT ? hours : null;
}
