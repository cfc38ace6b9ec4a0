import type { RecordedEvent } from '../../../store/event-store.port.js';

type Data = Record<string, unknown>;
const seat = (d: Data) => (typeof d.seat === 'number' ? `seat ${d.seat}` : '');

function move(m: Data | undefined): string {
  if (!m) return '';
  if (m.kind === 'play') return `plays ${String(m.word)} at ${String(m.coordinate)}`;
  if (m.kind === 'exchange') return `exchanges ${String(m.count)}`;
  return 'passes';
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * A recorded result in words, by its kind: a bye names its player, a mahjong table its seats and their points, a
 * two-player result its players, then who won (or the forfeit). Used by the timeline's summaries and its renderings.
 */
export function resultText(r: unknown): string {
  const x = r as Data | null | undefined;
  if (!x) return '';
  switch (x.kind) {
    case 'bye':
      return `bye to ${String(x.player)}`;
    case 'requested-bye':
      return `${String(x.points)}-point bye to ${String(x.player)}`;
    case 'mahjong-table': {
      const seats = (x.seats as { player: string; points: number }[] | undefined) ?? [];
      return `mahjong table: ${seats.map((s) => `${s.player} ${signed(s.points)}`).join(', ')}`;
    }
    case 'forfeit':
      return `${String(x.first)} v ${String(x.second)}: forfeit, ${String(x.absent === 'first' ? x.first : x.second)} absent`;
    case 'double-forfeit':
      return `${String(x.first)} v ${String(x.second)}: double forfeit`;
    default: {
      const score = x.score as { first: number; second: number } | undefined;
      const outcome = x.outcome === 'first' ? `won by ${String(x.first)}` : x.outcome === 'second' ? `won by ${String(x.second)}` : 'drawn';
      return `${String(x.first)} v ${String(x.second)}: ${x.kind === 'played' ? outcome : String(x.kind)}${score ? ` (${score.first}–${score.second})` : ''}`;
    }
  }
}

/** One readable line for a recorded event (the timeline's context and its contested decision). Deterministic. */
export function summarise(e: RecordedEvent): string {
  const d = (e.data ?? {}) as Data;
  const name = e.type.split('.').pop() ?? e.type;
  switch (e.type) {
    case 'scrabble.MoveAnnounced':
      return `${seat(d)} ${move(d.move as Data)}, announces ${String(d.announcedScore)}`;
    case 'scrabble.MoveCompleted':
      return `turn ${String(d.turn)}: ${seat(d)} ${move(d.move as Data)} for ${String(d.announcedScore)}`;
    case 'scrabble.ChallengeMade':
      return `${seat(d)} challenges ${(d.words as string[]).join(', ')} (turn ${String(d.turn)})`;
    case 'scrabble.ChallengeResolved': {
      const verdicts = (d.verdicts as { word: string; valid: boolean }[]).map((v) => `${v.word} ruled ${v.valid ? 'valid' : 'invalid'}`).join(', ');
      return `challenge of turn ${String(d.turn)} adjudicated: ${verdicts}; ${d.outcome === 'play-withdrawn' ? 'play withdrawn' : 'play stands'}`;
    }
    case 'scrabble.GameEnded':
      return `game ended (${String(d.reason)})`;
    case 'scrabble.GameFinished': {
      const r = d.result as { scores: number[] };
      return `game finished ${r.scores.join('–')}`;
    }
    case 'tournament.ResultRecorded':
    case 'tournament.ResultCorrected':
      // A bye has no table (it is recorded with table null).
      return `round ${String(d.round)}${typeof d.table === 'number' ? ` table ${d.table}` : ''}: ${resultText(d.result)}`;
    default: {
      const parts = Object.entries(d)
        .filter(([k, v]) => !['at', 'by'].includes(k) && (typeof v === 'string' || typeof v === 'number'))
        .slice(0, 4)
        .map(([k, v]) => `${k} ${String(v)}`);
      return [name, ...parts].join(', ');
    }
  }
}
