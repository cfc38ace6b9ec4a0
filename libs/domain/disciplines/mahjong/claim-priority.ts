/**
 * 鳴牌優先規條 (WMC 麻將規則): when several players claim one discard, only the highest claim stands:
 * a win before a pung or kong before a chow; among wins, the discarder's next player (1a), then across (1b),
 * then the previous player (1c) — 截和, without exceptions. A chow is only ever the next player's (吃牌 1).
 */
import { RULES } from './mahjong.rules.js';
import { relation, type Seat, type Wind } from './seating.js';

export type ClaimKind = 'win' | 'pung' | 'kong' | 'chow';
export interface Claim {
  readonly seat: Seat;
  readonly kind: ClaimKind;
}

export interface ClaimResolution {
  readonly stands: Claim;
  /** The other claims, each with why it gives way. */
  readonly overruled: readonly { readonly claim: Claim; readonly because: string }[];
  readonly explanation: string;
  readonly rule: string;
}

const RANK: Record<ClaimKind, number> = { win: 1, pung: 2, kong: 2, chow: 3 };
const ORDER = { next: 0, across: 1, previous: 2 } as const;
const NAMES = { next: 'next player (下家)', across: 'player across (對家)', previous: 'previous player (上家)' } as const;

/** Resolves claims on a discard by `discarder`; `winds` are the seats' winds (positions). Claims must be valid (chow by the next player only). */
export function resolveClaims(discarder: Seat, claims: readonly Claim[], winds: readonly Wind[]): ClaimResolution {
  const where = (c: Claim) => relation(winds, discarder, c.seat);
  const order = (c: Claim) => ORDER[where(c) ?? 'previous'];
  const sorted = [...claims].sort((a, b) => RANK[a.kind] - RANK[b.kind] || order(a) - order(b));
  const stands = sorted[0];
  const overruled = sorted.slice(1).map((claim) => {
    const because =
      RANK[claim.kind] > RANK[stands.kind]
        ? `a ${stands.kind} comes before a ${claim.kind} (鳴牌優先規條 1: 和牌, then 碰/槓, then 吃)`
        : `both are wins: the discarder's ${NAMES[where(stands) ?? 'previous']} comes before the ${NAMES[where(claim) ?? 'previous']} (截和, 1a–1c)`;
    return { claim, because };
  });
  const explanation =
    `seat ${stands.seat}'s ${stands.kind} stands` +
    (overruled.length ? `: ${overruled.map((o) => `over seat ${o.claim.seat}'s ${o.claim.kind}, ${o.because}`).join('; ')}` : '');
  return { stands, overruled, explanation, rule: RULES.claimPriority };
}
