import { describe, expect, it } from 'vitest';
import { customPlanPrice, formatBRL, moneyString, toCents } from './custom-plan-price.js';

describe('custom plan pricing (docs/product/companies-plans-billing.md)', () => {
  it('is 49 at the minimum and adds 11 per extra user and 20 per extra connection', () => {
    expect(customPlanPrice(3, 3)).toBe(49);
    expect(customPlanPrice(4, 3)).toBe(60);
    expect(customPlanPrice(3, 4)).toBe(69);
    expect(customPlanPrice(10, 5)).toBe(49 + 7 * 11 + 2 * 20);
  });

  it('refuses fewer than 3 users or connections and fractions', () => {
    expect(() => customPlanPrice(2, 3)).toThrow(RangeError);
    expect(() => customPlanPrice(3, 2)).toThrow(RangeError);
    expect(() => customPlanPrice(3.5, 3)).toThrow(RangeError);
  });

  it('formats money for the provider, the database and the screen', () => {
    expect(moneyString(49)).toBe('49.00');
    expect(toCents('60.10')).toBe(6010);
    expect(formatBRL(1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
  });
});
