import { describe, expect, it } from '@jest/globals';
import { RecentIds } from './recent-ids.js';

describe('RecentIds', () => {
  it('reports a repeat within the window and forgets the oldest beyond it', () => {
    const ids = new RecentIds(3);
    expect(['a', 'b', 'a', 'c'].map((id) => ids.add(id))).toEqual([true, true, false, true]);
    expect(ids.add('d')).toBe(true); // evicts 'a'
    expect(ids.size).toBe(3);
    expect(ids.add('a')).toBe(true);
    expect(ids.add('c')).toBe(false);
  });

  it('refuses a window that is not a positive integer', () => {
    expect(() => new RecentIds(0)).toThrow(/positive integer/);
  });
});
