/** Pure updates of a game's record (ledger, racks, turns, the scoreless run) and of the state around it, shared by evolve. */
import { assertNever } from '../../kernel/decider.js';
import type { Seat } from './seat.js';
import { addToSet } from './tile-set.js';
import type { Game, LedgerEntry, ScrabbleState, TurnRecord, TurnStatus } from './scrabble.state.js';

export function gameOf(s: ScrabbleState): Game {
  if (s.phase === 'none') throw new Error('scrabble: event before GameCreated');
  return s.game;
}

/** The game's fields, writable: a fold copies the game once and sets what an event changes. */
export type WritableGame = { -readonly [K in keyof Game]: Game[K] };

export function withGame(s: ScrabbleState, game: Game): ScrabbleState {
  switch (s.phase) {
    case 'none':
      throw new Error('scrabble: event before GameCreated');
    case 'setup':
    case 'playing':
    case 'ended':
    case 'finished':
      return { ...s, game };
    default:
      return assertNever(s, 'phase');
  }
}

export function withStatus(s: ScrabbleState, game: Game, status: TurnStatus): ScrabbleState {
  return { phase: 'playing', game, status };
}

export function withLedger(g: Game, e: LedgerEntry): Game {
  const { ledger, scores } = ledgerWith(g, e);
  return { ...g, ledger, scores };
}

/** The ledger with one more entry, and the scores it leaves. */
export function ledgerWith(g: Game, e: LedgerEntry): Pick<Game, 'ledger' | 'scores'> {
  const scores: [number, number] = [g.scores[0], g.scores[1]];
  scores[e.seat] += e.points;
  return { ledger: [...g.ledger, e], scores };
}

export function setRack(g: Game, seat: Seat, rack: Game['racks'][number]): Game {
  return { ...g, racks: racksWith(g, seat, rack) };
}

/** Both racks, `seat`'s replaced. */
export function racksWith(g: Game, seat: Seat, rack: Game['racks'][number]): Game['racks'] {
  const racks: [Game['racks'][0], Game['racks'][1]] = [g.racks[0], g.racks[1]];
  racks[seat] = rack;
  return racks;
}

export function updateTurn(g: Game, n: number, f: (t: TurnRecord) => TurnRecord): Game {
  return { ...g, turns: g.turns.map((t) => (t.n === n ? f(t) : t)) };
}

/** Face-down tiles join the rack (move accepted). */
export function faceDownToRack(g: Game): Game {
  if (!g.faceDown) return g;
  const fd = g.faceDown;
  return { ...setRack(g, fd.seat, addToSet(g.racks[fd.seat], fd.count, fd.tiles)), faceDown: null };
}

/**
 * Seed 6次0分: 「當雙方合計連續6步因「質疑」，「略過」或「更換棋子」導致6步均為0分，遊戲即時中止」.
 * The run of scoreless turns is DERIVED from the turn history (not counted up and reset), so a
 * TD-allowed late challenge that withdraws an accepted play restores the run its acceptance had
 * ended: counted back from the last turn, a pass, an exchange, a lost turn (challenge penalty) or a
 * withdrawn play each add 1; a standing (accepted) play ends the run; a play still pending (not yet
 * accepted nor challenged off) is neither.
 */
export function scorelessRun(turns: readonly TurnRecord[]): number {
  let run = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i];
    if (t.kind === 'play' && t.status === 'pending') continue;
    if (t.kind === 'play' && t.status !== 'withdrawn') break;
    run++;
  }
  return run;
}

export function withRun(g: Game): Game {
  return { ...g, zeroRun: scorelessRun(g.turns) };
}
