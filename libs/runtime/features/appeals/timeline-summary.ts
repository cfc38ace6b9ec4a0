import type { RecordedEvent } from '../../../store/event-store.port.js';

type Data = Record<string, unknown>;
const seat = (d: Data) => (typeof d.seat === 'number' ? `seat ${d.seat}` : '');

function move(m: Data | undefined): string {
  if (!m) return '';
  if (m.kind === 'play') return `plays ${String(m.word)} at ${String(m.coordinate)}`;
  if (m.kind === 'exchange') return `exchanges ${String(m.count)}`;
  return 'passes';
}

function result(r: Data | undefined): string {
  if (!r) return '';
  const score = r.score as { first: number; second: number } | undefined;
  const who = r.outcome === 'first' ? r.first : r.outcome === 'second' ? r.second : 'draw';
  return `${String(r.first)} v ${String(r.second)}: ${r.kind === 'played' ? `won by ${String(who)}` : String(r.kind)}${score ? ` (${score.first}–${score.second})` : ''}`;
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
      return `round ${String(d.round)} table ${String(d.table)}: ${result(d.result as Data)}`;
    default: {
      const parts = Object.entries(d)
        .filter(([k, v]) => !['at', 'by'].includes(k) && (typeof v === 'string' || typeof v === 'number'))
        .slice(0, 4)
        .map(([k, v]) => `${k} ${String(v)}`);
      return [name, ...parts].join(', ');
    }
  }
}
