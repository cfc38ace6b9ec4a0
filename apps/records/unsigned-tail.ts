import { randomUUID } from 'node:crypto';
import type { ArbitraCore } from '../../libs/runtime/arbitra-core.js';

/** The stream and type of the operator's acceptance of events past the last signed checkpoint (issue 32). */
export const TAIL_STREAM = 'audit-unsigned-tail';
export const TAIL_ACCEPTED = 'audit.UnsignedTailAccepted';

/** Events past the last signed checkpoint (none: before any) that no seal of the key covers (audit-wiring.ts, checkTail). */
export interface UnsignedTail {
  readonly checkpoint: { readonly position: number; readonly hash: string; readonly keyId: string } | null;
  readonly head: { readonly position: number; readonly hash: string };
}

/** Records that the operator started with `--accept-unsigned-tail` over `tail` (the next checkpoint then signs both). */
export async function recordTailAccepted(core: ArbitraCore, tail: UnsignedTail, at: string): Promise<number> {
  const id = randomUUID();
  const r = await core.store.append(
    TAIL_STREAM,
    [
      {
        id,
        type: TAIL_ACCEPTED,
        data: { ...tail, events: tail.head.position - (tail.checkpoint?.position ?? 0), flag: '--accept-unsigned-tail' },
        meta: { actor: { id: 'operator', role: 'system' }, commandId: id, correlationId: id, causationId: null, recordedAt: at, schemaVersion: 1 },
      },
    ],
    'any',
  );
  return r.position;
}

/** A read model's checkpoint past the log's head: the log lost events the read models applied (truncation). */
export function readModelsAhead(core: ArbitraCore, head: number): string | null {
  const furthest = core.readModels.furthest();
  if (!furthest || furthest.position <= head) return null;
  return `the read models are ahead of the log: ${furthest.projection} applied position ${furthest.position}, the log ends at ${head} (events were cut from the log)`;
}
