/** evolve: applies one recorded event to the state. Never refuses: events are facts. */
import { assertNever } from '../../kernel/decider.js';
import { applyReading, newClock, pauseClock, resumeClock, runSeat } from './clock.js';
import { placeOnBoard, removeFromBoard, emptyBoard } from './board.js';
import { boardLetter } from './scoring.js';
import { other, type Seat } from './seat.js';
import { addToSet, takeFromSet } from './tile-set.js';
import { fullBag, BLANK } from './tiles.js';
import type { ScrabbleEvent } from './scrabble.events.js';
import type { Game, ScrabbleState, TurnRecord, TurnStatus } from './scrabble.state.js';
import { faceDownToRack, setRack, updateTurn, withLedger, withRun } from './scrabble.game-updates.js';
export { scorelessRun } from './scrabble.game-updates.js';

function gameOf(s: ScrabbleState): Game {
  if (s.phase === 'none') throw new Error('scrabble: event before GameCreated');
  return s.game;
}

function withGame(s: ScrabbleState, game: Game): ScrabbleState {
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

function withStatus(s: ScrabbleState, game: Game, status: TurnStatus): ScrabbleState {
  return { phase: 'playing', game, status };
}

export function evolve(state: ScrabbleState, event: ScrabbleEvent): ScrabbleState {
  const at = event.data.at;
  switch (event.type) {
    case 'scrabble.GameCreated': {
      const d = event.data;
      const tiles = d.tracking ? fullBag() : null;
      const game: Game = {
        players: d.players,
        starter: d.starter,
        clockSide: d.clockSide,
        tracking: d.tracking,
        profile: d.profile,
        link: d.link ?? null,
        board: emptyBoard(),
        bag: { count: d.profile.tileCount, tiles },
        racks: [
          { count: 0, tiles: d.tracking ? [] : null },
          { count: 0, tiles: d.tracking ? [] : null },
        ],
        exchangeAside: null,
        faceDown: null,
        lastDraw: null,
        clock: newClock(),
        absent: null,
        turns: [],
        ledger: [],
        scores: [0, 0],
        zeroRun: 0,
        flags: [],
        incidents: [],
      };
      return { phase: 'setup', game };
    }
    case 'scrabble.ClockReadingRecorded': {
      const g = gameOf(state);
      return withGame(state, { ...g, clock: applyReading(g.clock, event.data.remainingMs, g.profile.timePerSideMs, at) });
    }
    case 'scrabble.AbsentClockStarted': {
      const g = gameOf(state);
      return withGame(state, { ...g, absent: event.data.seat, clock: runSeat(g.clock, event.data.seat, at) });
    }
    case 'scrabble.LatePlayerArrived': {
      const g = gameOf(state);
      return withGame(state, { ...g, absent: null, clock: runSeat(g.clock, null, at) });
    }
    case 'scrabble.GameForfeited': {
      const g = gameOf(state);
      return withGame(state, { ...g, clock: runSeat(g.clock, null, at) });
    }
    case 'scrabble.TilesDrawn': {
      const g = gameOf(state);
      const d = event.data;
      const bag = takeFromSet(g.bag, d.count, d.tiles);
      if (d.faceDown) {
        const fd = g.faceDown ?? { seat: d.seat, count: 0, tiles: g.tracking ? [] : null };
        return withGame(state, { ...g, bag, faceDown: { seat: d.seat, ...addToSet(fd, d.count, d.tiles) } });
      }
      const lastTurn = g.turns.length ? g.turns[g.turns.length - 1].n : 0;
      const lastDraw = { seat: d.seat, count: d.count, tiles: d.tiles, afterTurn: lastTurn };
      return withGame(state, { ...setRack({ ...g, bag }, d.seat, addToSet(g.racks[d.seat], d.count, d.tiles)), lastDraw });
    }
    case 'scrabble.ExchangedTilesReturned': {
      const g = gameOf(state);
      return withGame(state, { ...g, bag: addToSet(g.bag, event.data.count, event.data.tiles), exchangeAside: null });
    }
    case 'scrabble.OverdrawResolved': {
      const g = gameOf(state);
      const d = event.data;
      const bag = addToSet(takeFromSet(g.bag, d.drawnCount, d.drawn), d.returnedCount, d.returned);
      const rack = takeFromSet(addToSet(g.racks[d.seat], d.drawnCount, d.drawn), d.returnedCount, d.returned);
      return withGame(state, setRack({ ...g, bag }, d.seat, rack));
    }
    case 'scrabble.ClockStarted': {
      const g = gameOf(state);
      return withStatus(state, { ...g, clock: runSeat(g.clock, event.data.seat, at) }, { kind: 'to-move', seat: g.starter, tentative: null });
    }
    case 'scrabble.MoveAnnounced': {
      if (state.phase !== 'playing' || state.status.kind !== 'to-move') return state;
      return {
        ...state,
        status: { ...state.status, tentative: { move: event.data.move, announcedScore: event.data.announcedScore, computed: event.data.computedScore } },
      };
    }
    case 'scrabble.MoveCompleted': {
      const g0 = gameOf(state);
      const d = event.data;
      const m = d.move;
      const rackBefore = g0.racks[d.seat].tiles;
      const base: Omit<TurnRecord, 'kind' | 'status'> = {
        n: d.turn,
        seat: d.seat,
        at,
        move: m,
        announced: d.announcedScore,
        computed: d.computedScore,
        score: d.announcedScore,
        rackBefore,
        remainingMs: d.remainingMs,
      };
      let g: Game = { ...g0, lastDraw: null };
      if (m.kind === 'play') {
        const rackTiles = m.placements.map((p) => (p.blank ? BLANK : p.letter));
        g = {
          ...setRack(g, d.seat, takeFromSet(g.racks[d.seat], m.placements.length, rackTiles)),
          board: placeOnBoard(
            g.board,
            m.placements.map((p) => ({ row: p.row, col: p.col, letter: boardLetter(p) })),
          ),
        };
        g = withLedger(
          { ...g, turns: [...g.turns, { ...base, kind: 'play', status: 'pending' }] },
          { seat: d.seat, kind: 'turn', points: d.announcedScore, turn: d.turn },
        );
        const clock = d.goingOut ? pauseClock(runSeat(g.clock, null, at), 'end-of-game', at) : runSeat(g.clock, other(d.seat), at);
        return withStatus(state, { ...g, clock }, { kind: 'pending', seat: d.seat, turn: d.turn, goingOut: d.goingOut, hold: null });
      }
      if (m.kind === 'exchange') {
        g = { ...setRack(g, d.seat, takeFromSet(g.racks[d.seat], m.count, m.tiles)), exchangeAside: { seat: d.seat, count: m.count, tiles: m.tiles } };
      }
      g = withLedger(withRun({ ...g, turns: [...g.turns, { ...base, kind: m.kind, status: 'accepted' }] }), {
        seat: d.seat,
        kind: 'turn',
        points: 0,
        turn: d.turn,
      });
      return withStatus(state, { ...g, clock: runSeat(g.clock, other(d.seat), at) }, { kind: 'to-move', seat: other(d.seat), tentative: null });
    }
    case 'scrabble.ScoreMismatchFlagged': {
      const g = gameOf(state);
      const d = event.data;
      return withGame(state, {
        ...g,
        flags: [...g.flags, { kind: 'score-mismatch', at, turn: d.turn, detail: `announced ${d.announced}, computed ${d.computed}` }],
      });
    }
    case 'scrabble.HoldCalled': {
      if (state.phase !== 'playing' || state.status.kind !== 'pending') return state;
      const g = state.game;
      // A hold on a going-out play restarts the clock on the holder (seed 完成遊戲: "計時器會在以下情況後恢復：「Hold」").
      const clock = state.status.goingOut ? resumeClock(g.clock, at, event.data.seat) : g.clock;
      return { ...state, game: { ...g, clock }, status: { ...state.status, hold: { seat: event.data.seat, since: at } } };
    }
    case 'scrabble.HoldFlagged': {
      const g = gameOf(state);
      return withGame(state, {
        ...g,
        flags: [
          ...g.flags,
          { kind: 'hold-too-long', at, turn: event.data.turn, detail: `hold of ${event.data.holdMs} ms exceeds ${event.data.thresholdMs} ms` },
        ],
      });
    }
    case 'scrabble.MoveAccepted': {
      const g0 = gameOf(state);
      const g = withRun(faceDownToRack(updateTurn(g0, event.data.turn, (t) => ({ ...t, status: 'accepted' }))));
      if (state.phase === 'playing' && state.status.kind === 'pending')
        return withStatus(state, g, { kind: 'to-move', seat: other(state.status.seat), tentative: null });
      return withGame(state, g);
    }
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
              remainingMs: turn?.remainingMs ?? [0, 0],
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
    case 'scrabble.ClockPaused': {
      const g = gameOf(state);
      return withGame(state, { ...g, clock: pauseClock(g.clock, event.data.reason, at) });
    }
    case 'scrabble.ClockResumed': {
      const g = gameOf(state);
      return withGame(state, { ...g, clock: resumeClock(g.clock, at, event.data.seat) });
    }
    case 'scrabble.TdCalled':
      return state;
    case 'scrabble.ExtraTimeGranted': {
      const g = gameOf(state);
      const used: [number, number] = [g.clock.usedMs[0], g.clock.usedMs[1]];
      used[event.data.seat] -= event.data.ms;
      return withGame(state, { ...g, clock: { ...g.clock, usedMs: used } });
    }
    case 'scrabble.ClockSwitched': {
      const g = gameOf(state);
      return withGame(state, { ...g, clock: runSeat(g.clock, event.data.to, at) });
    }
    case 'scrabble.GameEnded': {
      let g = faceDownToRack(gameOf(state));
      if (g.exchangeAside) {
        const a = g.exchangeAside; // the exchange could not be completed: the tiles stay the player's (see traceability notes)
        g = { ...setRack(g, a.seat, addToSet(g.racks[a.seat], a.count, a.tiles)), exchangeAside: null };
      }
      g = { ...g, turns: g.turns.map((t) => (t.status === 'pending' ? { ...t, status: 'accepted' } : t)), clock: runSeat(g.clock, null, at) };
      const d = event.data;
      return { phase: 'ended', game: g, end: { reason: d.reason, at, outBy: d.outBy, racksSettled: false, recount: 'none', signedBy: [] } };
    }
    case 'scrabble.TimePenaltyApplied': {
      const g = gameOf(state);
      return withGame(state, withLedger(g, { seat: event.data.seat, kind: 'time-penalty', points: -event.data.points, turn: null }));
    }
    case 'scrabble.EndRackScored': {
      const g = withLedger(gameOf(state), { seat: event.data.seat, kind: 'end-rack', points: event.data.points, turn: null });
      if (state.phase !== 'ended') return withGame(state, g);
      const done = state.end.reason === 'went-out' || g.ledger.filter((e) => e.kind === 'end-rack').length >= 2;
      return { ...state, game: g, end: { ...state.end, racksSettled: done } };
    }
    case 'scrabble.RackDisagreementFlagged': {
      const g = gameOf(state);
      const d = event.data;
      return withGame(state, {
        ...g,
        flags: [
          ...g.flags,
          { kind: 'rack-disagreement', at, turn: null, detail: `seat ${d.seat}: entered ${d.entered.join('')}, derived ${d.derived.join('')}` },
        ],
      });
    }
    case 'scrabble.ScoreCorrected': {
      const d = event.data;
      const g = updateTurn(gameOf(state), d.turn, (t) => ({ ...t, score: d.to }));
      return withGame(state, withLedger(g, { seat: d.seat, kind: 'correction', points: d.to - d.from, turn: d.turn }));
    }
    case 'scrabble.RecountRequested':
      return state.phase === 'ended' ? { ...state, end: { ...state.end, recount: 'requested' } } : state;
    case 'scrabble.RecountCompleted':
      return state.phase === 'ended' ? { ...state, end: { ...state.end, recount: 'done' } } : state;
    case 'scrabble.ResultSlipSigned':
      return state.phase === 'ended' ? { ...state, end: { ...state.end, signedBy: [...state.end.signedBy, event.data.seat] } } : state;
    case 'scrabble.SignatureWithdrawn':
      return state.phase === 'ended' ? { ...state, end: { ...state.end, signedBy: state.end.signedBy.filter((s) => s !== event.data.seat) } } : state;
    case 'scrabble.TurnAnnotated': {
      const d = event.data;
      return withGame(
        state,
        updateTurn(gameOf(state), d.turn, (t) => {
          const w = t.written ?? { rack: null, word: null, exchanged: null, notes: [], source: d.source };
          return {
            ...t,
            written: {
              rack: d.rack ?? w.rack,
              word: d.word ?? w.word,
              exchanged: d.exchanged ?? w.exchanged,
              notes: d.note === null ? w.notes : [...w.notes, d.note],
              source: w.source,
            },
          };
        }),
      );
    }
    case 'scrabble.GameFinished': {
      const g = gameOf(state);
      return { phase: 'finished', game: g, end: state.phase === 'ended' ? state.end : null, result: event.data.result };
    }
    case 'scrabble.SignedResultCorrected': {
      if (state.phase !== 'finished') return state;
      // Seed 分數: 「除非雙方因分數顛倒而獲比賽總監同意更改」 — the game's own scores follow the corrected result
      // through a ledger line per seat carrying the TD decision, so every view (game, score sheet, GCG) tells one story.
      const d = event.data;
      const decision = { tdDecision: d.tdDecision, at, by: d.by.id };
      let g = state.game;
      for (const seat of [0, 1] as const) g = withLedger(g, { seat, kind: 'reversal', points: d.after[seat] - g.scores[seat], turn: null, decision });
      return { ...state, game: g, result: d.result };
    }
    case 'scrabble.IncidentRecorded': {
      const d = event.data;
      let g = gameOf(state);
      g = { ...g, incidents: [...g.incidents, { at, kind: d.kind, seat: d.seat, description: d.description, rule: d.rule }] };
      // Seed 分數: 「簽署後不可更改分數，除非雙方因分數顛倒而獲比賽總監同意更改」 — once the slip is signed (phase
      // 'finished') the incident is recorded but its points never reach the ledger, so the game's scores stay
      // equal to the posted result (decideRecordIncident refuses such points; this guards older streams).
      if (d.points !== 0 && d.seat !== null && state.phase !== 'finished')
        g = withLedger(g, { seat: d.seat, kind: 'td-penalty', points: -d.points, turn: null });
      return withGame(state, g);
    }
    default:
      return assertNever(event, 'scrabble event');
  }
}
