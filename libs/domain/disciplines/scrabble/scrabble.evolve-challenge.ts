/** evolve for challenges: the words challenged, lexicon proposals, the ruling, re-announcing, a late challenge. */
import { assertNever } from '../../kernel/decider.js';
import { pauseClock, resumeClock } from './clock.js';
import { removeFromBoard } from './board.js';
import type { Seat } from './seat.js';
import { addToSet, takeFromSet } from './tile-set.js';
import { BLANK } from './tiles.js';
import type { ScrabbleState } from './scrabble.state.js';
import { faceDownToRack, gameOf, setRack, updateTurn, withGame, withLedger, withRun, withStatus } from './scrabble.game-updates.js';
import type { EventOf } from './scrabble.events.js';

export type ChallengeEvent = EventOf<
  | 'scrabble.ChallengeMade'
  | 'scrabble.VerdictsProposed'
  | 'scrabble.ChallengeResolved'
  | 'scrabble.ScoreReannounced'
  | 'scrabble.ReannouncedScoreMismatchFlagged'
  | 'scrabble.LateChallengeAllowed'
>;

export function evolveChallenge(state: ScrabbleState, event: ChallengeEvent): ScrabbleState {
  const at = event.data.at;
  switch (event.type) {
    case 'scrabble.ChallengeMade': {
      if (state.phase !== 'playing' || state.status.kind !== 'pending') return state;
      const st = state.status;
      const g = state.game;
      const clock = g.clock.running === null ? g.clock : pauseClock(g.clock, 'challenge', at);
      return withStatus(
        state,
        { ...g, clock },
        { kind: 'challenged', seat: st.seat, turn: st.turn, goingOut: st.goingOut, challenger: event.data.seat, words: event.data.words, proposals: [] },
      );
    }
    case 'scrabble.VerdictsProposed': {
      if (state.phase !== 'playing' || state.status.kind !== 'challenged') return state;
      return { ...state, status: { ...state.status, proposals: event.data.proposals } };
    }
    case 'scrabble.ChallengeResolved': {
      if (state.phase !== 'playing' || state.status.kind !== 'challenged') return state;
      const st = state.status;
      const d = event.data;
      let g = state.game;
      const turn = g.turns.find((t) => t.n === d.turn);
      if (d.outcome === 'play-withdrawn') {
        const m = turn?.move;
        if (m && m.kind === 'play') {
          const rackTiles = m.placements.map((p) => (p.blank ? BLANK : p.letter));
          g = { ...setRack(g, st.seat, addToSet(g.racks[st.seat], m.placements.length, rackTiles)), board: removeFromBoard(g.board, m.placements) };
        }
        if (g.faceDown) g = { ...g, bag: addToSet(g.bag, g.faceDown.count, g.faceDown.tiles), faceDown: null };
        g = updateTurn(g, d.turn, (t) => ({ ...t, status: 'withdrawn', score: 0 }));
        g = withLedger(withRun(g), { seat: st.seat, kind: 'play-withdrawn', points: -(turn?.score ?? 0), turn: d.turn });
        return withStatus(state, { ...g, clock: resumeClock(g.clock, at, st.challenger) }, { kind: 'to-move', seat: st.challenger, tentative: null });
      }
      g = faceDownToRack(updateTurn(g, d.turn, (t) => ({ ...t, status: 'accepted' })));
      let next: Seat = st.challenger;
      if (d.penalty?.kind === 'points') g = withLedger(g, { seat: d.penalty.seat, kind: 'challenge-penalty', points: d.penalty.points, turn: d.turn });
      if (d.penalty?.kind === 'lost-turn') {
        next = st.seat;
        const n = g.turns.length ? g.turns[g.turns.length - 1].n + 1 : 1;
        g = {
          ...g,
          turns: [
            ...g.turns,
            {
              n,
              seat: st.challenger,
              at,
              kind: 'lost-turn',
              move: null,
              announced: 0,
              computed: 0,
              score: 0,
              status: 'accepted',
              rackBefore: g.racks[st.challenger].tiles,
              ...(turn?.remainingMs && { remainingMs: turn.remainingMs }),
            },
          ],
        };
        g = withLedger(g, { seat: st.challenger, kind: 'turn', points: 0, turn: n });
      }
      g = withRun(g);
      return withStatus(state, g, { kind: 'reannounce', seat: st.seat, turn: st.turn, goingOut: st.goingOut, next });
    }
    case 'scrabble.ScoreReannounced': {
      if (state.phase !== 'playing' || state.status.kind !== 'reannounce') return state;
      const st = state.status;
      const g = state.game;
      if (st.goingOut) return state; // the game ends next (GameEnded follows)
      return withStatus(state, { ...g, clock: resumeClock(g.clock, at, st.next) }, { kind: 'to-move', seat: st.next, tentative: null });
    }
    case 'scrabble.ReannouncedScoreMismatchFlagged': {
      const g = gameOf(state);
      const d = event.data;
      return withGame(state, {
        ...g,
        flags: [...g.flags, { kind: 'reannounced-score-mismatch', at, turn: d.turn, detail: `re-announced ${d.reannounced}, recorded ${d.recorded}` }],
      });
    }
    case 'scrabble.LateChallengeAllowed': {
      if (state.phase !== 'playing') return state;
      let g = state.game;
      const turn = g.turns.find((t) => t.n === event.data.turn);
      if (!turn) return state;
      const ld = g.lastDraw;
      if (ld && ld.seat === turn.seat)
        g = {
          ...setRack(g, ld.seat, {
            count: g.racks[ld.seat].count - ld.count,
            tiles: g.racks[ld.seat].tiles && ld.tiles ? takeFromSet(g.racks[ld.seat], ld.count, ld.tiles).tiles : null,
          }),
          faceDown: { seat: ld.seat, count: ld.count, tiles: ld.tiles },
          lastDraw: null,
        };
      // The play is open again: the run of scoreless turns stands as it did before the play was accepted.
      g = withRun(updateTurn(g, turn.n, (t) => ({ ...t, status: 'pending' })));
      return withStatus(state, g, { kind: 'pending', seat: turn.seat, turn: turn.n, goingOut: false, hold: null });
    }
    default:
      return assertNever(event, 'scrabble challenge event');
  }
}
