import { describe, expect, it } from 'vitest';
import { cardMessage, cardName, cardTime } from './moment-format';

describe('live panel card texts', () => {
  it('shows names up to 30 characters whole, longer ones as 25 and an ellipsis', () => {
    expect(cardName('a'.repeat(30))).toBe('a'.repeat(30));
    expect(cardName('b'.repeat(31))).toBe(`${'b'.repeat(25)}...`);
    expect(cardName(null)).toBe('');
  });

  it('shows last messages up to 30 characters whole, longer ones as 27 and an ellipsis', () => {
    expect(cardMessage('c'.repeat(30))).toBe('c'.repeat(30));
    expect(cardMessage('d'.repeat(31))).toBe(`${'d'.repeat(27)}...`);
  });

  it('shows HH:mm for today and dd/MM/yyyy before', () => {
    const now = new Date(2026, 10, 23, 18, 0);
    expect(cardTime(new Date(2026, 10, 23, 9, 5).toISOString(), now)).toBe('09:05');
    expect(cardTime(new Date(2026, 10, 22, 23, 59).toISOString(), now)).toBe('22/11/2026');
  });
});
