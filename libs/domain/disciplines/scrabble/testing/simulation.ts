/**
 * Test support (pure): plays a random but legal tracked game through the decider, seeded, so
 * property tests can check invariants after every event. Words are not judged (no word list):
 * geometry, racks, bag, clock and challenges are.
 */
import { createRng, type Rng } from '../../../kernel/rng.js';
import { DomainError } from '../../../kernel/errors.js';
import { isBoardEmpty, SIZE, tileAt } from '../board.js';
import { analysePlay, type Placement } from '../scoring.js';
import { at, Table } from './table.js';
import { overtimeMs } from '../clock.js';
import type { Game } from '../scrabble.state.js';
import { other, type Seat } from '../seat.js';

/** A table that ends the game on the overtime limit (seed 過時) instead of recording a late command. */
class SimTable extends Table {
  simulating = true;
  override run(input: Parameters<Table['run']>[0], dt = 1, actor?: Parameters<Table['run']>[2]): ReturnType<Table['run']> {
    if (!this.simulating) return super.run(input, dt, actor);
    if (this.state.phase !== 'playing' && input.type !== 'scrabble.start-game' && !(this.state.phase === 'setup')) return [];
    if (this.state.phase === 'playing') {
      const g = this.state.game;
      const r = g.clock.running;
      if (r !== null && overtimeMs(g.clock, at(this.sec + dt), g.profile.timePerSideMs)[r] >= g.profile.overtimeLimitMs) {
        return super.run({ type: 'scrabble.end-on-overtime', seat: r }, dt, actor);
      }
    }
    return super.run(input, dt, actor);
  }
}

export interface SimOptions {
  readonly challengeRate?: number;
  readonly holdRate?: number;
  readonly mismatchRate?: number;
  readonly onStep?: (t: Table) => void;
  readonly maxSteps?: number;
  /** Longest think time per move in seconds (default 60); slower play reaches overtime. */
  readonly tempo?: number;
}

function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[rng.int(0, xs.length - 1)];
}

/** A random geometrically legal play from the rack, or null. */
export function randomPlay(game: Game, rack: readonly string[], rng: Rng): { tiles: Placement[]; score: number } | null {
  for (let attempt = 0; attempt < 60; attempt++) {
    const across = rng.int(0, 1) === 1;
    let row: number, col: number;
    if (isBoardEmpty(game.board)) {
      row = 7;
      col = 7 - rng.int(0, 2);
      if (!across) {
        row = 7 - rng.int(0, 2);
        col = 7;
      }
    } else {
      // Start next to (or just before) an occupied square so most attempts connect.
      const occ: [number, number][] = [];
      game.board.forEach((line, r) => {
        for (let c = 0; c < SIZE; c++) if (line[c] !== '.') occ.push([r, c]);
      });
      const [orow, ocol] = pick(rng, occ);
      const back = rng.int(0, 3);
      row = across ? orow + rng.int(-1, 1) : Math.max(0, orow - back);
      col = across ? Math.max(0, ocol - back) : ocol + rng.int(-1, 1);
      if (row < 0 || col < 0 || row >= SIZE || col >= SIZE) continue;
    }
    const k = rng.int(1, Math.min(rack.length, 7));
    const pool = rng.shuffle(rack);
    const tiles: Placement[] = [];
    let r = row,
      c = col;
    while (tiles.length < k && r < SIZE && c < SIZE) {
      if (!tileAt(game.board, r, c)) {
        const t = pool[tiles.length];
        const blank = t === '?';
        tiles.push({ row: r, col: c, letter: blank ? pick(rng, ['E', 'S', 'A']) : t, blank });
      }
      if (across) c++;
      else r++;
    }
    if (tiles.length === 0) continue;
    try {
      return { tiles, score: analysePlay(game.board, tiles).score };
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
    }
  }
  return null;
}

function drawFor(t: Table, seat: Seat, rng: Rng): void {
  const g = t.game;
  const held = g.racks[seat].count + (g.faceDown?.seat === seat ? g.faceDown.count : 0);
  const n = Math.min(7 - held, g.bag.count);
  if (n <= 0) return;
  const tiles = rng.shuffle(g.bag.tiles ?? []).slice(0, n);
  t.run({ type: 'scrabble.draw-tiles', seat, tiles }, rng.int(1, 5));
}

/** Plays a seeded random game; returns the table (ended or finished unless maxSteps ran out). */
export function simulateGame(seed: string | number, opts: SimOptions = {}): Table {
  const rng = createRng(seed);
  const t = new SimTable();
  const tempo = opts.tempo ?? 60;
  const step = () => opts.onStep?.(t);
  t.run(
    {
      type: 'scrabble.start-game',
      players: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
      starter: 0,
      clockSide: 'left',
      clockSideChosenBy: 1,
      tilesCounted: 100,
      tracking: true,
    },
    0,
  );
  drawFor(t, 0, rng);
  step();
  drawFor(t, 1, rng);
  step();
  for (let i = 0; i < (opts.maxSteps ?? 400) && t.state.phase === 'playing'; i++) {
    const st = t.state.status;
    if (st.kind !== 'to-move' && !(st.kind === 'pending' && !st.goingOut)) throw new Error(`unexpected status ${st.kind}`);
    const seat = st.kind === 'pending' ? other(st.seat) : st.seat; // moving on accepts a pending play
    const g = t.game;
    const rack = g.racks[seat].tiles ?? [];
    if (rng.int(0, 99) < 5 && g.clock.running !== null) {
      t.run({ type: 'scrabble.pause-clock', reason: 'tile-count' }, 1);
      step();
      t.run({ type: 'scrabble.resume-clock' }, rng.int(1, 30));
      step();
    }
    if (rng.int(0, 99) < 3) {
      const last = g.turns.at(-1);
      if (last && last.kind === 'play' && last.status !== 'withdrawn') {
        t.run({ type: 'scrabble.correct-score', turn: last.n, score: last.score + 1, agreedBy: [0, 1] }, 1);
        step();
      }
    }
    if (rng.int(0, 99) < 2) {
      t.run({ type: 'scrabble.record-incident', kind: 'td-penalty', seat, description: 'sim', points: 5 }, 1);
      step();
    }
    const roll = rng.int(0, 99);
    const play = roll < 85 ? randomPlay(g, rack, rng) : null;
    if (play) {
      const announced = rng.int(0, 99) < (opts.mismatchRate ?? 5) ? play.score + 1 : play.score;
      const move = { kind: 'play' as const, tiles: play.tiles };
      const how = rng.int(0, 99);
      if (how < 10) {
        // Announce, change nothing, press the clock.
        t.run({ type: 'scrabble.announce-move', seat, move, announcedScore: announced }, rng.int(1, tempo));
        step();
        t.run({ type: 'scrabble.press-clock', seat }, 1);
      } else if (how < 16) {
        // Draw without pressing the clock: the turn completes, the new tiles wait face down.
        t.run({ type: 'scrabble.announce-move', seat, move, announcedScore: announced }, rng.int(1, tempo));
        step();
        const n = Math.min(play.tiles.length, t.game.bag.count);
        if (n > 0) t.run({ type: 'scrabble.draw-tiles', seat, tiles: rng.shuffle(t.game.bag.tiles ?? []).slice(0, n) }, 1);
        else t.run({ type: 'scrabble.press-clock', seat }, 1);
      } else {
        t.run({ type: 'scrabble.make-move', seat, move, announcedScore: announced }, rng.int(1, tempo));
      }
      step();
      if (t.state.phase !== 'playing') continue;
      const opp = other(seat);
      if (rng.int(0, 99) < (opts.holdRate ?? 10)) {
        t.run({ type: 'scrabble.hold', seat: opp }, 1);
        step();
        if (rng.int(0, 1) === 1 && !t.game.faceDown && t.game.bag.count > 0) {
          t.sec += 30;
          drawFor(t, seat, rng);
          step();
        }
      }
      if (rng.int(0, 99) < (opts.challengeRate ?? 15)) {
        const turn = t.game.turns[t.game.turns.length - 1];
        const words = turn.move?.kind === 'play' ? [...new Set(turn.move.words)].slice(0, 2) : [];
        t.run({ type: 'scrabble.challenge', seat: opp, words }, rng.int(1, 40));
        step();
        const valid = rng.int(0, 1) === 1;
        t.run({ type: 'scrabble.resolve-challenge', verdicts: words.map((w) => ({ word: w, valid })) }, rng.int(10, 90));
        step();
        if (t.state.phase === 'playing' && t.state.status.kind === 'reannounce') {
          t.run({ type: 'scrabble.reannounce-score', seat, score: announced }, 2);
          step();
        }
        if (t.state.phase === 'playing' && valid) drawFor(t, seat, rng);
      } else if (t.state.phase === 'playing' && t.state.status.kind === 'pending') {
        if (t.state.status.goingOut) t.run({ type: 'scrabble.accept-move', seat: opp }, rng.int(1, 20));
        else if (t.state.status.hold) {
          t.run({ type: 'scrabble.accept-move', seat: opp }, rng.int(1, 20));
          drawFor(t, seat, rng);
        } else drawFor(t, seat, rng);
      }
      step();
      continue;
    }
    if (g.bag.count >= 7 && rack.length > 0 && roll < 95) {
      const tiles = rng.shuffle(rack).slice(0, rng.int(1, rack.length));
      t.run({ type: 'scrabble.make-move', seat, move: { kind: 'exchange', count: tiles.length, tiles } }, rng.int(1, tempo));
      step();
      if (t.state.phase === 'playing') {
        drawFor(t, seat, rng);
        step();
      }
      continue;
    }
    t.run({ type: 'scrabble.make-move', seat, move: { kind: 'pass' } }, rng.int(1, tempo));
    step();
  }
  t.simulating = false;
  return t;
}
