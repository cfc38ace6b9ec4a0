/** Deciding the start of a game, lateness, and drawing tiles (incl. the x+2 overdraw rule). */
import { invalid, refuse } from '../../kernel/errors.js';
import { msBetween } from '../../kernel/command.js';
import { remainingAt } from './clock.js';
import { makeProfile } from './profile.js';
import { isRackTile, RACK_SIZE, removeTiles } from './tiles.js';
import { checkSeat, type Emitter } from './scrabble.emitter.js';
import type { DataOf, GameLink } from './scrabble.commands.js';
import { RULES } from './scrabble.rules.js';
import { resultOf } from './scrabble.end.js';
import { completeMove } from './scrabble.move.js';
import { isSeat, other, type Seat } from './seat.js';

export function decideStartGame(em: Emitter, c: DataOf<'scrabble.start-game'>): void {
  if (em.state.phase !== 'none') refuse('scrabble/game-already-started', 'this game has already been created', RULES.tileCount);
  const profile = makeProfile(c.profile);
  if (!profile)
    invalid(
      'scrabble/bad-profile',
      'every profile limit is a number ≥ 0 and the challenge penalty and overtime outcome are known options',
      RULES.td,
      'profile',
    );
  if (!Array.isArray(c.players) || c.players.length !== 2 || c.players[0].id === c.players[1].id)
    invalid('scrabble/players', 'a game needs two different players', RULES.tileCount, 'players');
  if (!isSeat(c.starter)) invalid('scrabble/bad-seat', 'starter must be seat 0 or 1', RULES.clockSide, 'starter');
  // Seed 開始前: "兩個玩家需要檢查是否有100枚棋子".
  if (c.tilesCounted !== profile.tileCount)
    invalid('scrabble/tile-count-wrong', `the set must hold ${profile.tileCount} tiles; ${c.tilesCounted} were counted`, RULES.tileCount, 'tilesCounted');
  // Seed 開始前: "後玩的玩家可以選擇計時器的位置".
  if (c.clockSideChosenBy !== other(c.starter))
    invalid(
      'scrabble/clock-side-chooser',
      `the player going second (seat ${other(c.starter)}) chooses the side of the clock`,
      RULES.clockSide,
      'clockSideChosenBy',
    );
  const link = c.link === undefined ? null : checkLink(c.link);
  em.record('scrabble.GameCreated', {
    players: c.players,
    starter: c.starter,
    clockSide: c.clockSide,
    clockSideChosenBy: c.clockSideChosenBy,
    tilesCounted: c.tilesCounted,
    tracking: !!c.tracking,
    profile,
    link,
    ...(c.source && { source: c.source }),
  });
}

const LINK_RULE = 'Arbitra: a game played for a tournament names its pairing (tournament, round, table) so its result is posted there';

function checkLink(l: GameLink): GameLink {
  const posInt = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 1;
  if (typeof l !== 'object' || l === null || typeof l.tournamentId !== 'string' || l.tournamentId.trim() === '')
    invalid('scrabble/bad-link', 'a link names the tournament', LINK_RULE, 'link.tournamentId');
  if (!posInt(l.round)) invalid('scrabble/bad-link', 'the linked round is a whole number ≥ 1', LINK_RULE, 'link.round');
  if (!posInt(l.table)) invalid('scrabble/bad-link', 'the linked table is a whole number ≥ 1', LINK_RULE, 'link.table');
  if (l.division !== undefined && (typeof l.division !== 'string' || l.division === ''))
    invalid('scrabble/bad-link', 'a linked division is a non-empty name', LINK_RULE, 'link.division');
  if (l.firstSeat !== undefined && !isSeat(l.firstSeat)) invalid('scrabble/bad-link', 'firstSeat is seat 0 or 1', LINK_RULE, 'link.firstSeat');
  return {
    tournamentId: l.tournamentId,
    round: l.round,
    table: l.table,
    ...(l.division !== undefined && { division: l.division }),
    firstSeat: l.firstSeat ?? 0,
  };
}

export function decideStartAbsentClock(em: Emitter, c: DataOf<'scrabble.start-absent-clock'>): void {
  if (em.state.phase !== 'setup' || em.game.clock.running !== null)
    refuse('scrabble/game-already-running', "the absent player's clock is started before play begins", RULES.absence);
  checkSeat(c.seat);
  em.record('scrabble.AbsentClockStarted', { seat: c.seat });
}

export function decidePlayerArrived(em: Emitter, c: DataOf<'scrabble.player-arrived'>): void {
  if (em.state.phase !== 'setup' || em.game.absent !== c.seat)
    refuse('scrabble/not-absent', `seat ${c.seat} is not recorded as absent`, RULES.absence, { field: 'seat' });
  const g = em.game;
  const remainingMs = remainingAt(g.clock, em.ctx.at, g.profile.timePerSideMs)[c.seat];
  if (remainingMs > g.profile.lateArrivalOptionMs && c.choice === 'forfeit') {
    refuse(
      'scrabble/late-forfeit-not-allowed',
      `a late player may forfeit only with ${g.profile.lateArrivalOptionMs / 60000} minutes or less left; ${Math.ceil(remainingMs / 1000)} s remain`,
      RULES.lateOption,
      { field: 'choice' },
    );
  }
  em.record('scrabble.LatePlayerArrived', { seat: c.seat, remainingMs, choice: c.choice });
  // Seed 缺席: 「如果時間已過，你必須放棄棋局」 — with no time left there is no choice: the forfeit is recorded
  // whatever was asked (the arrival keeps the choice as asked; the forfeit names the rule).
  if (c.choice === 'forfeit' || remainingMs <= 0) {
    em.record('scrabble.GameForfeited', {
      seat: c.seat,
      reason: remainingMs <= 0 ? 'absence-time-expired' : 'absence',
      rule: remainingMs <= 0 ? RULES.lateExpired : RULES.lateOption,
    });
    em.record('scrabble.GameFinished', { result: resultOf(em.game, c.seat), link: em.game.link });
  }
}

function checkDrawInput(em: Emitter, seat: Seat, count: number | undefined, tiles: readonly string[] | undefined): { n: number; tiles: string[] | null } {
  const g = em.game;
  if (g.tracking && !tiles) invalid('scrabble/tiles-required-when-tracking', 'this game tracks tiles: name the tiles drawn', RULES.drawOrder, 'tiles');
  if (!g.tracking && tiles) invalid('scrabble/tiles-not-tracked', 'this game records scores only: give a count, not tiles', RULES.drawOrder, 'tiles');
  const n = tiles ? tiles.length : (count ?? 0);
  // The draw as sent: its letters (`tiles`) when given, else its count.
  const sent = tiles ? 'tiles' : 'count';
  if (!Number.isInteger(n) || n < 1 || n > RACK_SIZE) invalid('scrabble/draw-count', `a draw takes 1 to 7 tiles; got ${n}`, RULES.rack, sent);
  if (tiles && !tiles.every(isRackTile)) invalid('scrabble/bad-tile', 'tiles are A-Z or ? (blank)', RULES.rack, 'tiles');
  if (n > g.bag.count) refuse('scrabble/bag-too-small-to-draw', `the bag holds ${g.bag.count} tiles; cannot draw ${n}`, RULES.rack, { field: sent });
  const held = g.racks[seat].count + (g.faceDown?.seat === seat ? g.faceDown.count : 0);
  if (held + n > RACK_SIZE)
    refuse('scrabble/overdraw', `drawing ${n} would give ${held + n} tiles; record the overdraw with the x+2 rule`, RULES.overdraw, { field: sent });
  // A replacement draw fills the rack: after an exchange of k tiles exactly k replacements (seed 更換棋子:
  // 「在袋中抽取替代的棋子」), after a play as many as were played, in either case up to what the bag holds.
  // Drawing too many stays the x+2 overdraw above; drawing too few is refused here.
  const due = Math.min(RACK_SIZE - held, g.bag.count);
  if (n < due) {
    const exchanged = g.exchangeAside?.seat === seat;
    refuse(
      'scrabble/underdraw',
      exchanged
        ? `seat ${seat} exchanged ${g.exchangeAside!.count} tiles and must draw ${due} replacements; got ${n}`
        : `seat ${seat} holds ${held} tiles and must draw ${due} to fill the rack; got ${n}`,
      exchanged ? RULES.exchange : RULES.rack,
      { field: sent },
    );
  }
  // Last: which tiles the bag holds is hidden (the unseen tiles are the bag and the opponent's rack), so only a draw
  // that would otherwise be recorded learns whether the bag holds its tiles. Checked first, it let a player with a
  // full rack read the opponent's rack from refused draws that left nothing in the log.
  if (tiles && g.bag.tiles && !removeTiles(g.bag.tiles, tiles))
    refuse('scrabble/tiles-not-in-bag', `tiles ${tiles.join('')} are not all in the bag`, RULES.rack, { field: 'tiles' });
  return { n, tiles: tiles ? tiles.slice() : null };
}

function draw(em: Emitter, seat: Seat, n: number, tiles: string[] | null, faceDown: boolean): void {
  em.record('scrabble.TilesDrawn', { seat, count: n, tiles, faceDown });
  const aside = em.game.exchangeAside;
  // Seed 更換棋子: draw the replacements, then return the exchanged tiles to the bag.
  if (!faceDown && aside && aside.seat === seat) em.record('scrabble.ExchangedTilesReturned', { seat, count: aside.count, tiles: aside.tiles });
}

export function decideDrawTiles(em: Emitter, c: DataOf<'scrabble.draw-tiles'>): void {
  const s0 = em.state;
  if (s0.phase !== 'setup' && s0.phase !== 'playing')
    refuse('scrabble/not-in-play', 'tiles are drawn only while the game is in play', RULES.drawOrder, { field: 'id' });
  checkSeat(c.seat);
  if (s0.phase === 'setup') {
    if (em.game.absent !== null) refuse('scrabble/player-absent', `seat ${em.game.absent} is absent`, RULES.absence);
    const { n, tiles } = checkDrawInput(em, c.seat, c.count, c.tiles);
    const first = c.seat === em.game.starter && em.game.racks[c.seat].count === 0;
    draw(em, c.seat, n, tiles, false);
    // Seed 開啟計時器: the starter's clock starts when they draw their first tile.
    if (first) em.record('scrabble.ClockStarted', { seat: c.seat });
    return;
  }
  const st = s0.status;
  if (st.kind === 'to-move' && st.seat === c.seat && st.tentative) {
    // Seed 完成一步: drawing without pressing the clock also completes the turn (the opponent may still challenge).
    const t = st.tentative;
    completeMove(em, c.seat, { move: t.move, announcedScore: t.announcedScore, computed: t.computed }, 'draw');
    const s1 = em.state;
    if (s1.phase !== 'playing') return;
    const { n, tiles } = checkDrawInput(em, c.seat, c.count, c.tiles);
    draw(em, c.seat, n, tiles, s1.status.kind === 'pending');
    return;
  }
  if ((st.kind === 'challenged' || st.kind === 'reannounce') && st.seat === c.seat) {
    refuse('scrabble/draw-during-challenge', 'no replacement tiles are drawn until the challenge is resolved and the score re-announced', RULES.reannounce);
  }
  if (st.kind === 'pending' && st.seat === c.seat) {
    if (st.hold) {
      const heldMs = msBetween(st.hold.since, em.ctx.at);
      // Seed Hold: 「如已「Hold」超過30秒，你可抽取替代棋子」 — 超過 = MORE than 30 s: at exactly 30.000 s the draw is refused.
      if (heldMs <= em.game.profile.holdBeforeDrawMs) {
        refuse(
          'scrabble/draw-during-hold',
          `the opponent holds the play: draw only after more than ${em.game.profile.holdBeforeDrawMs / 1000} s of hold (${Math.floor(heldMs / 1000)} s so far)`,
          RULES.holdNoDraw,
        );
      }
      const { n, tiles } = checkDrawInput(em, c.seat, c.count, c.tiles);
      draw(em, c.seat, n, tiles, true); // kept face down, apart, until the hold ends
      return;
    }
    // Seed 接受該步: drawing replacement tiles with no hold or challenge means the play is accepted.
    const { n, tiles } = checkDrawInput(em, c.seat, c.count, c.tiles);
    em.record('scrabble.MoveAccepted', { turn: st.turn, how: 'draw' });
    draw(em, c.seat, n, tiles, false);
    return;
  }
  const { n, tiles } = checkDrawInput(em, c.seat, c.count, c.tiles);
  draw(em, c.seat, n, tiles, false);
}

function tileListOrCount(x: number | readonly string[]): { n: number; tiles: string[] | null } {
  return typeof x === 'number' ? { n: x, tiles: null } : { n: x.length, tiles: x.slice() };
}

/** Seed 抽取過多棋子（x加2規則）: the opponent sees x+2 of the new tiles face down and picks x to return. */
export function decideResolveOverdraw(em: Emitter, c: DataOf<'scrabble.resolve-overdraw'>): void {
  const s = em.state;
  if (s.phase !== 'playing' && s.phase !== 'setup')
    refuse('scrabble/not-in-play', 'an overdraw is resolved while the game is in play', RULES.overdraw, { field: 'id' });
  checkSeat(c.seat);
  const g = em.game;
  if (g.tracking !== !!c.drawn)
    invalid(
      'scrabble/tiles-required-when-tracking',
      g.tracking ? 'this game tracks tiles: name the tiles drawn' : 'this game records scores only',
      RULES.overdraw,
      'drawn',
    );
  const drawnCount = c.drawn ? c.drawn.length : c.drawnCount;
  if (!Number.isInteger(drawnCount) || drawnCount < 1 || drawnCount > g.bag.count)
    invalid('scrabble/draw-count', `cannot draw ${drawnCount} tiles from a bag of ${g.bag.count}`, RULES.overdraw, 'drawnCount');
  if (c.drawn && g.bag.tiles && !removeTiles(g.bag.tiles, c.drawn))
    refuse('scrabble/tiles-not-in-bag', 'the drawn tiles are not all in the bag', RULES.overdraw, { field: 'drawn' });
  const excess = g.racks[c.seat].count + drawnCount - RACK_SIZE;
  if (excess <= 0)
    refuse('scrabble/not-an-overdraw', `${drawnCount} tiles on a rack of ${g.racks[c.seat].count} is not an overdraw`, RULES.overdraw, { field: 'drawnCount' });
  const shown = tileListOrCount(c.shown),
    returned = tileListOrCount(c.returned);
  const expectShown = Math.min(excess + 2, g.racks[c.seat].count + drawnCount);
  if (shown.n !== expectShown)
    invalid('scrabble/overdraw-shown', `the opponent must be shown x+2 = ${expectShown} tiles; got ${shown.n}`, RULES.overdraw, 'shown');
  if (returned.n !== excess)
    invalid('scrabble/overdraw-returned', `x = ${excess} tiles must go back to the bag; got ${returned.n}`, RULES.overdraw, 'returned');
  if (returned.tiles && shown.tiles && !removeTiles(shown.tiles, returned.tiles))
    invalid('scrabble/overdraw-returned', 'the returned tiles must be among those shown', RULES.overdraw, 'returned');
  if (returned.tiles && c.drawn && !removeTiles([...(g.racks[c.seat].tiles ?? []), ...c.drawn], returned.tiles))
    invalid('scrabble/overdraw-returned', 'the returned tiles must be on the rack or among those drawn', RULES.overdraw, 'returned');
  if (s.phase === 'playing' && s.status.kind === 'pending' && s.status.seat === c.seat && !s.status.hold)
    em.record('scrabble.MoveAccepted', { turn: s.status.turn, how: 'draw' });
  const running = em.game.clock.running;
  if (running !== null) em.record('scrabble.ClockPaused', { reason: 'overdraw' });
  em.record('scrabble.OverdrawResolved', {
    seat: c.seat,
    excess,
    drawnCount,
    drawn: c.drawn ? c.drawn.slice() : null,
    shownCount: shown.n,
    shown: shown.tiles,
    returnedCount: returned.n,
    returned: returned.tiles,
  });
  if (running !== null) em.record('scrabble.ClockResumed', { seat: running });
}
