import { describe, expect, it } from '@jest/globals';
import { resolveClaims } from './claim-priority.js';
import type { Wind } from './seating.js';

const WINDS: Wind[] = ['E', 'S', 'W', 'N'];

describe('WMC 麻將規則, 鳴牌優先規條: a win before a pung or kong before a chow; 截和 among wins', () => {
  it('a pung by across beats a chow by the next player', () => {
    const r = resolveClaims(
      0,
      [
        { seat: 1, kind: 'chow' },
        { seat: 2, kind: 'pung' },
      ],
      WINDS,
    );
    expect(r.stands).toEqual({ seat: 2, kind: 'pung' });
    expect(r.explanation).toContain('a pung comes before a chow');
  });

  it('a win beats a pung and a kong', () => {
    const r = resolveClaims(
      0,
      [
        { seat: 2, kind: 'kong' },
        { seat: 3, kind: 'win' },
        { seat: 1, kind: 'pung' },
      ],
      WINDS,
    );
    expect(r.stands).toEqual({ seat: 3, kind: 'win' });
    expect(r.overruled).toHaveLength(2);
  });

  it('截和: of two wins, the discarder’s next player wins, then across, then the previous player — with no exceptions', () => {
    // Seat 2 discards: seat 3 is its next player, seat 0 across, seat 1 the previous player.
    const r = resolveClaims(
      2,
      [
        { seat: 1, kind: 'win' },
        { seat: 0, kind: 'win' },
      ],
      WINDS,
    );
    expect(r.stands).toEqual({ seat: 0, kind: 'win' });
    expect(r.explanation).toContain('player across (對家) comes before the previous player (上家)');
    const three = resolveClaims(
      2,
      [
        { seat: 1, kind: 'win' },
        { seat: 0, kind: 'win' },
        { seat: 3, kind: 'win' },
      ],
      WINDS,
    );
    expect(three.stands.seat).toBe(3);
    expect(three.rule).toContain('截和');
  });
});
