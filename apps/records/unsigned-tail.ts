import { randomUUID } from 'node:crypto';
import type { ArbitraCore } from '../../libs/runtime/arbitra-core.js';
import type { Checkpoint } from '../../libs/store/checkpoints.js';

/** The stream and type of the operator's acceptance of events past the last signed checkpoint (issue 32). */
export const TAIL_STREAM = 'audit-unsigned-tail';
export const TAIL_ACCEPTED = 'audit.UnsignedTailAccepted';

export interface UnsignedTail {
  readonly checkpoint: { readonly position: number; readonly hash: string; readonly keyId: string };
  readonly head: { readonly position: number; readonly hash: string };
}

/**
 * Events past the last signed checkpoint at start, asked only when no other process appends to the log now (a live
 * server on PostgreSQL signs its own tail). Every writer signs a checkpoint at clean shutdown (and the CLI after its own
 * appends), so a tail means a crash, or events appended or cut while none ran: not signed silently. None before any
 * checkpoint.
 */
export async function unsignedTail(core: ArbitraCore, last: Checkpoint | null): Promise<UnsignedTail | null> {
  if (!last) return null;
  const head = await core.store.headPosition();
  if (head <= last.position) return null;
  const [e] = await core.store.readAll(head - 1, 1);
  return { checkpoint: { position: last.position, hash: last.hash, keyId: last.keyId }, head: { position: head, hash: e?.meta.hash ?? 'none' } };
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
        data: { ...tail, events: tail.head.position - tail.checkpoint.position, flag: '--accept-unsigned-tail' },
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
