import { describe, expect, it } from 'vitest';
import { luminance, textColorOn } from './color';

describe('textColorOn', () => {
  it('answers the text colour that contrasts more with the background', () => {
    expect(textColorOn('#2196f3')).toBe('#0a0a0a');
    expect(textColorOn('#7c7c7c')).toBe('#0a0a0a');
    expect(textColorOn('#000000')).toBe('#ffffff');
    expect(textColorOn('#1e3a8a')).toBe('#ffffff');
    expect(textColorOn('#fff')).toBe('#0a0a0a');
  });

  it('falls back to white for what is not a hex colour', () => {
    expect(textColorOn(null)).toBe('#ffffff');
    expect(textColorOn('rgb(1, 2, 3)')).toBe('#ffffff');
    expect(luminance('blue')).toBeNull();
  });
});
