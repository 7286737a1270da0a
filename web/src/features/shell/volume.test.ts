import { describe, expect, it } from 'vitest';
import { parseVolume } from './volume';

describe('parseVolume', () => {
  it('defaults to full volume', () => {
    expect(parseVolume(null)).toBe(1);
    expect(parseVolume('abc')).toBe(1);
  });
  it('clamps and rounds to the 0.1 step', () => {
    expect(parseVolume('0.3')).toBe(0.3);
    expect(parseVolume('0.34')).toBe(0.3);
    expect(parseVolume('-2')).toBe(0);
    expect(parseVolume('7')).toBe(1);
  });
});
