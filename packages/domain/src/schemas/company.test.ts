import { describe, expect, it } from 'vitest';
import { isTimeZone } from './company.js';

describe('isTimeZone', () => {
  it('knows IANA names, again and again, and refuses what Intl does not know', () => {
    for (let i = 0; i < 3; i++) {
      expect(isTimeZone('America/Sao_Paulo')).toBe(true);
      expect(isTimeZone('UTC')).toBe(true);
      expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
      expect(isTimeZone('')).toBe(false);
      expect(isTimeZone(`Europe/${'x'.repeat(70)}`)).toBe(false);
    }
  });
});
