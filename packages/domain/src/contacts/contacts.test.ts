import { describe, expect, it } from 'vitest';
import { maskContactNumber, masksContactNumbers } from './mask.js';
import { isValidPhoneNumber, normaliseContactNumber } from './number.js';

describe('contact numbers', () => {
  it('keeps a valid international number as digits', () => {
    expect(normaliseContactNumber('5511987654321')).toBe('5511987654321');
    expect(normaliseContactNumber('+1 (202) 555-0143')).toBe('12025550143');
  });
  it('adds the country code to a valid national number', () => {
    expect(normaliseContactNumber('11987654321')).toBe('5511987654321');
    expect(normaliseContactNumber('2025550143', 'US')).toBe('12025550143');
  });
  it('keeps ids and unknown numbers as typed', () => {
    expect(normaliseContactNumber('120363025246125888')).toBe('120363025246125888');
    expect(normaliseContactNumber('12345678')).toBe('12345678');
  });
  it('tells real phone numbers apart', () => {
    expect(isValidPhoneNumber('5511987654321')).toBe(true);
    expect(isValidPhoneNumber('12345678')).toBe(false);
  });
});

describe('LGPD masking', () => {
  it('shows only the last 4 digits', () => {
    expect(maskContactNumber('5511987654321')).toBe('*********4321');
    expect(maskContactNumber('1234')).toBe('****');
    expect(maskContactNumber(null)).toBeNull();
    expect(maskContactNumber('')).toBe('');
  });
  it('masks for profile user with LGPD and hide-number enabled only', () => {
    const on = { enableLGPD: 'enabled', lgpdHideNumber: 'enabled' };
    expect(masksContactNumbers(on, 'user')).toBe(true);
    expect(masksContactNumbers(on, 'admin')).toBe(false);
    expect(masksContactNumbers({ ...on, lgpdHideNumber: 'disabled' }, 'user')).toBe(false);
    expect(masksContactNumbers({ ...on, enableLGPD: 'disabled' }, 'user')).toBe(false);
  });
});
