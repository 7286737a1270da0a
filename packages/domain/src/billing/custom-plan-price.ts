/**
 * Custom plan pricing of the checkout (docs/product/companies-plans-billing.md): one function for the console's live price
 * and the api's charge, so what the customer sees is what the server asks the provider for.
 * The client never sends the price the server trusts.
 */

/** Monthly base price (BRL) of a plan at the minimum quantities. */
export const CUSTOM_PLAN_BASE_PRICE = 49;
/** The least users and connections a custom plan may have. */
export const CUSTOM_PLAN_MIN_USERS = 3;
export const CUSTOM_PLAN_MIN_CONNECTIONS = 3;
/** What each user and each connection above the minimum adds per month (BRL). */
export const CUSTOM_PLAN_PRICE_PER_USER = 11;
export const CUSTOM_PLAN_PRICE_PER_CONNECTION = 20;
/** Upper bounds that keep a typo from becoming a charge of millions. */
export const CUSTOM_PLAN_MAX_USERS = 1000;
export const CUSTOM_PLAN_MAX_CONNECTIONS = 1000;

/**
 * The monthly price of a custom plan with `users` and `connections` (each at least 3):
 * 49 + 11 per extra user + 20 per extra connection. Throws on quantities below the minimum
 * or not whole, which the schemas refuse first.
 */
export function customPlanPrice(users: number, connections: number): number {
  if (!Number.isInteger(users) || !Number.isInteger(connections))
    throw new RangeError('customPlanPrice: quantities must be whole numbers');
  if (users < CUSTOM_PLAN_MIN_USERS || connections < CUSTOM_PLAN_MIN_CONNECTIONS)
    throw new RangeError('customPlanPrice: below the minimum of 3 users and 3 connections');
  return (
    CUSTOM_PLAN_BASE_PRICE +
    (users - CUSTOM_PLAN_MIN_USERS) * CUSTOM_PLAN_PRICE_PER_USER +
    (connections - CUSTOM_PLAN_MIN_CONNECTIONS) * CUSTOM_PLAN_PRICE_PER_CONNECTION
  );
}

/** An amount as the provider and the invoice store it: two decimals, dot separator ('49.00'). */
export function moneyString(amount: number | string): string {
  return Number(amount).toFixed(2);
}

/** An amount in whole cents (exact comparisons of decimal money). */
export function toCents(amount: number | string): number {
  return Math.round(Number(amount) * 100);
}

/** BRL in pt-BR with two decimals ('R$ 49,00'), as every screen shows money (docs/product/companies-plans-billing.md). */
export function formatBRL(amount: number | string): string {
  return new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency: 'BRL',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(amount));
}
