import { describe, expect, it } from 'vitest';
import { formatPhoneNumber } from './phone';

describe('formatPhoneNumber', () => {
  it('masks a Brazilian number of 12 digits: 55, area code, 8 digits', () => {
    expect(formatPhoneNumber('551133334444')).toBe('+55 (11) 3333-4444');
    expect(formatPhoneNumber('553188887777')).toBe('+55 (31) 8888-7777');
  });

  it('masks a Brazilian number of 13 digits: 55, area code, 9 and 8 digits', () => {
    expect(formatPhoneNumber('5511987654321')).toBe('+55 (11) 98765-4321');
  });

  it('shows other countries, other lengths and ids as they are', () => {
    for (const n of ['14155552671', '447911123456', '5511987654', '55119876543210', '123456789012'])
      expect(formatPhoneNumber(n)).toBe(n);
    expect(formatPhoneNumber('120363025246125486')).toBe('120363025246125486'); // a group id
  });

  it('keeps the LGPD masked numbers and the empty ones', () => {
    expect(formatPhoneNumber('*********4321')).toBe('*********4321');
    expect(formatPhoneNumber('55*******4321')).toBe('55*******4321');
    expect(formatPhoneNumber(null)).toBe('');
    expect(formatPhoneNumber(undefined)).toBe('');
    expect(formatPhoneNumber('')).toBe('');
  });
});
