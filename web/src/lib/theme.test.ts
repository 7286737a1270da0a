import { describe, expect, it } from 'vitest';
import { initialTheme, otherTheme } from './theme';

describe('theme', () => {
  it('prefers the saved choice over the OS', () => {
    expect(initialTheme('light', true)).toBe('light');
    expect(initialTheme('dark', false)).toBe('dark');
  });
  it('follows the OS when nothing valid was saved', () => {
    expect(initialTheme(null, true)).toBe('dark');
    expect(initialTheme('blue', false)).toBe('light');
  });
  it('toggles', () => {
    expect(otherTheme('dark')).toBe('light');
    expect(otherTheme('light')).toBe('dark');
  });
});
