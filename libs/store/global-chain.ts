import { createHash, type Hash } from 'node:crypto';
import type { RecordedEvent } from './event-store.port.js';

/**
 * The global chain (issue 10, audit). Besides its stream's previous hash, every event stored by the
 * SQLite store carries `meta.globalPrevHash`: the `hash` of the event at the previous global position
 * (null for position 1). It is inside the event's own hash, so deleting any event (the last of its
 * stream, or a whole stream), inserting one, or re-hashing one stream breaks the link of the next
 * event in the log. Only a rewrite of everything after the change goes unseen by the chain alone:
 * that is what signed checkpoints catch (see checkpoints.ts).
 *
 * Events stored before the global chain existed carry no `globalPrevHash`. When the store first
 * opens such a log it appends one anchor event (`audit.GlobalChainAnchored` in stream
 * `audit-global-chain`) whose data holds the count and a digest of every earlier (position, hash)
 * and whose link names the last of them: the earlier events are pinned through the anchor, and
 * nothing stored is edited.
 */
export const ANCHOR_STREAM = 'audit-global-chain';
export const ANCHOR_TYPE = 'audit.GlobalChainAnchored';

export interface AnchorData {
  /** How many events precede the global chain. */
  readonly legacyEvents: number;
  /** SHA-256 over `${position} ${hash}\n` of each of them, in position order. */
  readonly legacyDigest: string;
}

/** The running digest of events stored before the global chain (see AnchorData). */
export class LegacyDigest {
  private readonly h: Hash = createHash('sha256');
  count = 0;
  add(position: number, hash: string): void {
    this.h.update(`${position} ${hash}\n`);
    this.count++;
  }
  digest(): string {
    return this.h.copy().digest('hex');
  }
}

export type GlobalProblem = 'global-link-missing' | 'global-prev-hash-mismatch' | 'global-anchor-missing' | 'global-anchor-mismatch';

export interface GlobalBreak {
  readonly problem: GlobalProblem;
  readonly expected: string;
  readonly actual: string;
}

/** Incremental check of the global chain; feed every event in position order. */
export class GlobalChainVerifier {
  private lastHash: string | null = null;
  private readonly legacy = new LegacyDigest();
  /** Position of the first event that carries a global link (null: none yet). */
  from: number | null = null;

  check(e: RecordedEvent): GlobalBreak | null {
    const link = e.meta.globalPrevHash;
    const previous = this.lastHash;
    this.lastHash = e.meta.hash;
    if (link === undefined) {
      if (this.from !== null) return { problem: 'global-link-missing', expected: String(previous), actual: 'no globalPrevHash' };
      this.legacy.add(e.position, e.meta.hash);
      return null;
    }
    const first = this.from === null;
    this.from ??= e.position;
    if (link !== previous) return { problem: 'global-prev-hash-mismatch', expected: String(previous), actual: String(link) };
    if (e.type === ANCHOR_TYPE && e.stream === ANCHOR_STREAM) {
      const d = e.data as Partial<AnchorData>;
      const expected = `${this.legacy.count} events, digest ${this.legacy.digest()}`;
      const actual = `${String(d.legacyEvents)} events, digest ${String(d.legacyDigest)}`;
      return expected === actual ? null : { problem: 'global-anchor-mismatch', expected, actual };
    }
    if (first && this.legacy.count > 0) {
      return { problem: 'global-anchor-missing', expected: `an ${ANCHOR_TYPE} event pinning the ${this.legacy.count} earlier events`, actual: e.type };
    }
    return null;
  }

  /** Events before the global chain (all of them when no event carries a link: a KurrentDB log). */
  get legacyEvents(): number {
    return this.legacy.count;
  }
}
