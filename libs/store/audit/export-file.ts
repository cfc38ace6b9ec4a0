import { createHash } from 'node:crypto';
import type { EventStore, RecordedEvent } from '../event-store.port.js';
import { eventHash } from '../hash-chain.js';
import type { Checkpoint } from '../checkpoints.js';
import { TournamentStreamIndex } from './tournament-streams.js';
import { EXPORT_FORMAT, exportSealProblems, type ManifestSignature } from './export-seal.js';

/**
 * A tournament's complete history as a file (issue 10): NDJSON, one stored event a line (position,
 * stream, revision, id, type, data, meta with its hashes), in log order, and a manifest beside it.
 * `verifyExport` checks it with nothing but the two files, each line (position included) against the manifest.
 */
export { EXPORT_FORMAT };

export interface ExportManifest {
  readonly format: typeof EXPORT_FORMAT;
  readonly tournament: string;
  readonly exportedAt: string;
  /** The log position the export covers: its checkpoint's (the export holds the tournament's events up to it). */
  readonly logHead: { readonly position: number; readonly hash: string | null };
  /** The signed checkpoint covering the export (issue 32): every stream is complete up to its position. */
  readonly checkpoint: Checkpoint;
  readonly events: number;
  readonly streams: Record<string, { readonly events: number; readonly lastRevision: number; readonly lastHash: string }>;
  /**
   * Per line of the file: the event's id, its log position (outside the event hash) and the line's SHA-256, so that an
   * altered line, a position included, is named. Absent in exports made before it was added.
   */
  readonly lines?: ReadonlyArray<{ readonly id: string; readonly position: number; readonly sha256: string }>;
  /** SHA-256 of the NDJSON file, hex. */
  readonly sha256: string;
  /** Ed25519 over the canonical JSON of everything above, with the checkpoint signing key (export-seal.ts). */
  readonly signature?: ManifestSignature;
}

/** The tournament's events up to `checkpoint` (a later event is not covered by it) and the manifest, unsigned (export-seal.ts signs it). */
export async function exportTournament(
  store: Pick<EventStore, 'readAll' | 'readStream'>,
  tournament: string,
  exportedAt: string,
  checkpoint: Checkpoint,
): Promise<{ ndjson: string; manifest: ExportManifest }> {
  const index = new TournamentStreamIndex(store);
  await index.update();
  const streams = index.streamsOf(tournament);
  const events: RecordedEvent[] = [];
  for (const s of streams) events.push(...(await store.readStream(s)).filter((e) => e.position <= checkpoint.position));
  events.sort((a, b) => a.position - b.position);
  return buildExport(events, tournament, exportedAt, checkpoint);
}

/** The NDJSON and the (unsigned) manifest of `events`, in log order. */
export function buildExport(
  events: readonly RecordedEvent[],
  tournament: string,
  exportedAt: string,
  checkpoint: Checkpoint,
): { ndjson: string; manifest: ExportManifest } {
  const lines = events.map((e) =>
    JSON.stringify({ position: e.position, stream: e.stream, revision: e.revision, id: e.id, type: e.type, data: e.data, meta: e.meta }),
  );
  const ndjson = lines.length ? `${lines.join('\n')}\n` : '';
  const perStream: Record<string, { events: number; lastRevision: number; lastHash: string }> = {};
  for (const e of events) perStream[e.stream] = { events: (perStream[e.stream]?.events ?? 0) + 1, lastRevision: e.revision, lastHash: e.meta.hash };
  return {
    ndjson,
    manifest: {
      format: EXPORT_FORMAT,
      tournament,
      exportedAt,
      logHead: { position: checkpoint.position, hash: checkpoint.hash },
      checkpoint,
      events: events.length,
      streams: perStream,
      lines: events.map((e, i) => ({ id: e.id, position: e.position, sha256: sha256(lines[i]) })),
      sha256: createHash('sha256').update(ndjson).digest('hex'),
    },
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface ExportProblem {
  /** 1-based line of the NDJSON file (0: the file as a whole). */
  readonly line: number;
  readonly stream: string | null;
  readonly revision: number | null;
  readonly problem: string;
}

/**
 * What offline verification cannot check of the global chain: each stretch of log positions the export leaves out
 * (other tournaments' events, not in it), from position 1 up to the checkpoint's. The global chain runs through them,
 * and an event's hash covers its whole content, so no value short of those events would let it be recomputed.
 */
export interface UncheckedGap {
  /** First and last log position left out. */
  readonly from: number;
  readonly to: number;
}

/**
 * Checks an export offline: the manifest's signature and checkpoint (with `pinned` keys when given), the file's digest,
 * each line, each stream's chain and the global link between consecutive positions, and the manifest's counts and last hashes.
 * `unchecked` lists the stretches of the log the global chain could not be followed through.
 */
export function verifyExport(
  ndjson: Buffer,
  manifest: ExportManifest | null,
  pinned?: ReadonlySet<string>,
): { ok: boolean; events: number; problems: ExportProblem[]; unchecked: UncheckedGap[] } {
  const unchecked: UncheckedGap[] = [];
  const problems: ExportProblem[] = manifest ? exportSealProblems(manifest, pinned).map((problem) => ({ line: 0, stream: null, revision: null, problem })) : [];
  const sha = createHash('sha256').update(ndjson).digest('hex');
  if (manifest && manifest.sha256 !== sha)
    problems.push({ line: 0, stream: null, revision: null, problem: `the file's SHA-256 is ${sha}; the manifest says ${manifest.sha256}` });
  const text = ndjson.toString('utf8');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const heads = new Map<string, { revision: number; hash: string; line: number }>();
  const counts = new Map<string, number>();
  let events = 0;
  let lastPosition = 0;
  let lastHash: string | null = null;
  const first: ExportProblem[] = [];
  lines.forEach((raw, i) => {
    const line = i + 1;
    let e: RecordedEvent;
    try {
      e = JSON.parse(raw) as RecordedEvent;
    } catch {
      const stream = /"stream":"([^"]*)"/.exec(raw)?.[1] ?? null;
      const revision = /"revision":(\d+)/.exec(raw)?.[1];
      first.push({ line, stream, revision: revision === undefined ? null : Number(revision), problem: 'the line is not valid JSON any more (altered bytes)' });
      return;
    }
    events++;
    counts.set(e.stream, (counts.get(e.stream) ?? 0) + 1);
    const head = heads.get(e.stream);
    const at = { line, stream: e.stream, revision: e.revision };
    if (e.revision !== (head ? head.revision + 1 : 0))
      first.push({ ...at, problem: `revision ${e.revision} follows revision ${head?.revision ?? 'none'} of the stream` });
    else if ((e.meta?.prevHash ?? null) !== (head?.hash ?? null))
      first.push({
        ...at,
        problem: `its prevHash ${String(e.meta?.prevHash)} is not the previous event's hash ${String(head?.hash ?? null)}: the previous event (line ${head?.line ?? '-'}) or this link was altered`,
      });
    else {
      const recomputed = eventHash(e);
      if (recomputed !== e.meta.hash) {
        first.push({
          ...at,
          problem: `its content (type, data or meta) no longer matches its recorded hash: recorded ${e.meta.hash}, recomputed ${recomputed}`,
        });
      }
    }
    // The position is outside the event hash: checked against the manifest's line list, and in increasing order.
    const listed = manifest?.lines?.[i];
    if (first.at(-1)?.line !== line) {
      if (listed && listed.position !== e.position)
        first.push({ ...at, problem: `its position is ${String(e.position)}; the manifest lists event ${listed.id} at position ${listed.position}` });
      else if (!(typeof e.position === 'number' && e.position > lastPosition))
        first.push({ ...at, problem: `its position ${String(e.position)} does not follow the previous line's ${lastPosition}` });
      else if (listed && listed.sha256 !== sha256(raw))
        first.push({ ...at, problem: `the line's SHA-256 is ${sha256(raw)}; the manifest says ${listed.sha256} (bytes outside the event hash altered)` });
      // Consecutive in the log: the global chain links them (issue 32).
      else if (e.position === lastPosition + 1 && e.meta.globalPrevHash !== undefined && e.meta.globalPrevHash !== lastHash)
        first.push({
          ...at,
          problem: `its global link ${String(e.meta.globalPrevHash)} is not the hash ${String(lastHash)} of the event at position ${lastPosition} (the line before)`,
        });
      else if (manifest?.checkpoint && e.position > manifest.checkpoint.position)
        first.push({ ...at, problem: `its position ${e.position} is past the checkpoint the export names (${manifest.checkpoint.position})` });
      else if (manifest?.checkpoint && e.position === manifest.checkpoint.position && e.meta.hash !== manifest.checkpoint.hash)
        first.push({ ...at, problem: `the checkpoint at its position signed hash ${manifest.checkpoint.hash}; the event has ${e.meta.hash}` });
    }
    if (typeof e.position === 'number') {
      if (e.position > lastPosition + 1) unchecked.push({ from: lastPosition + 1, to: e.position - 1 });
      lastPosition = e.position;
    }
    lastHash = e.meta?.hash ?? null;
    heads.set(e.stream, { revision: e.revision, hash: e.meta?.hash, line });
  });
  if (manifest?.lines && manifest.lines.length !== lines.length)
    problems.push({ line: 0, stream: null, revision: null, problem: `the file has ${lines.length} lines; the manifest lists ${manifest.lines.length}` });
  problems.push(...first);
  if (manifest) {
    if (manifest.events !== events)
      problems.push({ line: 0, stream: null, revision: null, problem: `the file holds ${events} events; the manifest says ${manifest.events}` });
    for (const [stream, m] of Object.entries(manifest.streams)) {
      const h = heads.get(stream);
      if (!h) problems.push({ line: 0, stream, revision: m.lastRevision, problem: `the manifest lists stream ${stream}; the file has none of its events` });
      else if (h.hash !== m.lastHash || h.revision !== m.lastRevision || counts.get(stream) !== m.events)
        problems.push({
          line: h.line,
          stream,
          revision: h.revision,
          problem: `the stream ends at revision ${h.revision} with hash ${h.hash}; the manifest says revision ${m.lastRevision} with hash ${m.lastHash}`,
        });
    }
    for (const stream of heads.keys())
      if (!(stream in manifest.streams)) problems.push({ line: 0, stream, revision: null, problem: `stream ${stream} is not in the manifest` });
  }
  // The first altered event first: line-level problems in file order, then file-wide ones.
  problems.sort((a, b) => (a.line === 0 ? 1 : 0) - (b.line === 0 ? 1 : 0) || a.line - b.line);
  if (manifest?.checkpoint && manifest.checkpoint.position > lastPosition) unchecked.push({ from: lastPosition + 1, to: manifest.checkpoint.position });
  return { ok: problems.length === 0, events, problems, unchecked };
}
