/** The officials' commands: lateness and absence, clock pauses, rulings (a disputed move, a loss by ruling, dead stones), a recorded result. */
import { invalid, msBetween, refuse } from '../../kernel/index.js';
import { agreed, deadChains, recordedResult } from './decide-end.js';
import { colour, ended, other, playAt } from './decide-play.js';
import { absenceLimitMs } from './go.profile.js';
import { RULES } from './go.rules.js';
import type { GoCommand, GoEvent, GoGame, GoState } from './go.types.js';

export function decideOfficial(state: GoState, g: GoGame, command: GoCommand, at: string): GoEvent[] {
  const playing = state.phase === 'playing';
  const needPlay = (field: string) => {
    if (!playing) refuse('go/not-playing', `the game is ${state.phase}, not in play`, RULES.finished, { field });
  };
  switch (command.type) {
    case 'go.record-arrival': {
      const { seat } = command.data;
      needPlay('seat');
      if (g.arrived[seat]) refuse('go/already-arrived', `seat ${seat} is already at the board`, RULES.lateness, { field: 'seat' });
      const lateMs = msBetween(g.startedAt, at);
      if (lateMs <= 0) invalid('go/not-late', 'an arrival at or before the start is no lateness', RULES.lateness, 'at');
      // Ing rules 第八条 裁败 (1) 缺席: beyond the limit the absent player has lost.
      if (lateMs > absenceLimitMs(g.rules))
        return [ended(g, { winner: other(seat), reason: 'absence', text: `${colour(other(seat))}+F`, rule: RULES.absenceLimit }, at)];
      // Ing rules 第八条 扣时: 其迟到时间应于基时中加倍扣除之.
      return [{ type: 'go.LatenessRecorded', data: { seat, lateMs, deductedMs: g.rules.latenessFactor * lateMs, at, rule: RULES.lateness } }];
    }
    case 'go.record-absence': {
      const { seat } = command.data;
      needPlay('seat');
      if (g.arrived[seat]) refuse('go/already-arrived', `seat ${seat} has appeared`, RULES.absence, { field: 'seat' });
      const lateMs = msBetween(g.startedAt, at);
      if (lateMs <= absenceLimitMs(g.rules))
        refuse('go/absence-limit-not-reached', `seat ${seat} is ${lateMs} ms late, within the limit of ${absenceLimitMs(g.rules)} ms`, RULES.absenceLimit, {
          field: 'seat',
        });
      return [ended(g, { winner: other(seat), reason: 'absence', text: `${colour(other(seat))}+F`, rule: RULES.absenceLimit }, at)];
    }
    case 'go.pause-clock':
      needPlay('reason');
      if (g.clock.paused) refuse('go/already-paused', 'the clocks are already stopped', RULES.pause, { field: 'reason' });
      return [{ type: 'go.ClockPaused', data: { reason: command.data.reason, ...(command.data.note && { note: command.data.note }), at, rule: RULES.pause } }];
    case 'go.resume-clock':
      if (!g.clock.paused) refuse('go/not-paused', 'the clocks are running', RULES.pause);
      return [{ type: 'go.ClockResumed', data: { at } }];
    case 'go.rule-disputed-move': {
      needPlay('point');
      const { seat, point, note } = command.data;
      if (!note.trim()) invalid('go/ruling-note', 'a ruling says what was disputed and decided', RULES.disputedMove, 'note');
      return playAt(state, g, seat, point, at, { note, rule: RULES.disputedMove });
    }
    case 'go.rule-loss': {
      const { seat, ground, note } = command.data;
      if (!note.trim()) invalid('go/ruling-note', 'a ruling says what was verified', RULES.forfeitRuling, 'note');
      return [ended(g, { winner: other(seat), reason: ground, text: `${colour(other(seat))}+F`, rule: RULES.forfeitRuling }, at)];
    }
    case 'go.rule-dead-stones': {
      if (state.phase !== 'counting') refuse('go/not-counting', 'dead stones are ruled after both players have passed', RULES.notCounting, { field: 'stones' });
      if (!command.data.note.trim()) invalid('go/ruling-note', 'a ruling says what was disputed', RULES.deadStones, 'note');
      return agreed(g, deadChains(g, command.data.stones, 'stones'), 'arbiter', command.data.note);
    }
    case 'go.record-result': {
      const { winner, reason, margin } = command.data;
      return [ended(g, recordedResult(winner, reason, margin), at)];
    }
    default:
      return invalid('go/unknown-command', `unknown command ${command.type}`, RULES.started);
  }
}
