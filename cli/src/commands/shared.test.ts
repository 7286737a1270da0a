import { describe, expect, it } from 'vitest';
import { allPages } from './shared.js';

describe('allPages', () => {
  it('asks page after page while the api says there is more', async () => {
    const asked: number[] = [];
    const items = await allPages(async (pageNumber) => {
      asked.push(pageNumber);
      return { items: [pageNumber * 10, pageNumber * 10 + 1], hasMore: pageNumber < 3 };
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(items).toEqual([10, 11, 20, 21, 30, 31]);
  });

  it('stops at an empty page even when the api says there is more', async () => {
    const asked: number[] = [];
    const items = await allPages(async (pageNumber) => {
      asked.push(pageNumber);
      return { items: pageNumber === 1 ? ['a'] : [], hasMore: true };
    });
    expect(asked).toEqual([1, 2]);
    expect(items).toEqual(['a']);
  });
});
