import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PROFILES } from './profiles.js';
import { create, given, register, run, spec } from './testing/tournament.test-support.js';
import type { TournamentCreated } from './tournament.events.js';

describe('tournament: create', () => {
  it('records the FULL effective profile so later default changes never alter a stored tournament', () => {
    // given nothing, when a Scrabble tournament is created with one override
    const [event] = given([]).when(create({ profile: { bye: { outcome: 'draw', spread: 0 } } })) as [TournamentCreated];
    // then the event carries every profile value, the override laid over the WESPA defaults
    expect(event.type).toBe('tournament.TournamentCreated');
    expect(event.data.profile).toEqual({ ...DEFAULT_PROFILES.scrabble, bye: { outcome: 'draw', spread: 0 } });
    expect(event.data.divisions).toEqual(['main']);
    expect(event.data.roundsPlanned).toBeNull();
  });

  it('WESPA 缺席: the scrabble profile values a forfeit through absence as a loss by 100', () => {
    const [event] = given([]).when(create()) as [TournamentCreated];
    expect(event.data.profile.forfeitSpread).toBe(100);
    expect(event.data.profile.tieBreaks).toEqual(['SPREAD']);
  });

  it('profile default (not from the seed): the WESPA bye is a win by 50', () => {
    const [event] = given([]).when(create()) as [TournamentCreated];
    expect(event.data.profile.bye).toEqual({ outcome: 'win', spread: 50 });
  });

  it('keeps the given divisions', () => {
    const [event] = given([]).when(create({ divisions: ['A', 'B'], roundsPlanned: 7 })) as [TournamentCreated];
    expect(event.data.divisions).toEqual(['A', 'B']);
    expect(event.data.roundsPlanned).toBe(7);
  });

  it('refuses to create a tournament twice', () => {
    const e = given(run(create())).refuses(create());
    expect(e.type).toBe('tournament/already-created');
    expect(e.kind).toBe('conflict');
  });

  it('refuses an unknown discipline', () => {
    const e = given([]).refuses(create({ discipline: 'bridge' as never }));
    expect([e.type, e.kind, e.field]).toEqual(['tournament/unknown-discipline', 'invalid', 'discipline']);
  });

  it('refuses an empty or duplicated division list', () => {
    spec
      .given([])
      .when(create({ divisions: [] }))
      .thenRefuses('tournament/no-division');
    spec
      .given([])
      .when(create({ divisions: ['A', 'A'] }))
      .thenRefuses('tournament/duplicate-division');
  });

  it('refuses a tie-break outside the discipline catalogue', () => {
    const e = given([]).refuses(create({ discipline: 'go', profile: { tieBreaks: ['SB'] } }));
    expect(e.type).toBe('tournament/tie-break-not-in-catalogue');
    expect(e.message).toMatch(/SB is not in the go tie-break catalogue/);
    expect(e.rule).toMatch(/catalogue/);
  });

  it('refuses a tie-break listed twice', () => {
    expect(given([]).refuses(create({ discipline: 'chess-rapid', profile: { tieBreaks: ['BH', 'BH'] } })).message).toMatch(/BH is listed twice/);
  });

  it('Go McMahon (profile value): records the bar and floor in the created profile', () => {
    const [event] = given([]).when(create({ discipline: 'go', profile: { mcmahon: { bar: 2100, floor: 1800 } } })) as [TournamentCreated];
    expect(event.data.profile).toEqual({ ...DEFAULT_PROFILES.go, mcmahon: { bar: 2100, floor: 1800 } });
  });

  it('Go McMahon (profile value): refuses a floor above the bar, or a McMahon band outside Go', () => {
    const e = given([]).refuses(create({ discipline: 'go', profile: { mcmahon: { bar: 1800, floor: 2100 } } }));
    expect([e.type, e.field]).toEqual(['tournament/profile-value', 'profile.mcmahon.floor']);
    expect(e.rule).toMatch(/McMahon/);
    expect(given([]).refuses(create({ discipline: 'go', profile: { mcmahon: { bar: Number.NaN, floor: 1800 } } })).field).toBe('profile.mcmahon.bar');
    expect(given([]).refuses(create({ discipline: 'chess-rapid', profile: { mcmahon: { bar: 2100, floor: 1800 } } })).field).toBe('profile.mcmahon');
  });

  it('Ing rules 第七条 基时: a Go tournament fixes each player’s basic time in advance (goBasicMinutes); whole minutes 1–600, Go only', () => {
    const [event] = given([]).when(create({ discipline: 'go', profile: { goBasicMinutes: 90 } })) as [TournamentCreated];
    expect(event.data.profile.goBasicMinutes).toBe(90);
    for (const [discipline, minutes] of [
      ['go', 0],
      ['go', 90.5],
      ['go', 601],
      ['chess-rapid', 90],
    ] as const) {
      const e = given([]).refuses(create({ discipline, profile: { goBasicMinutes: minutes } }));
      expect([e.type, e.field]).toEqual(['tournament/profile-value', 'profile.goBasicMinutes']);
      expect(e.rule).toMatch(/第七条 基时/);
    }
  });

  it('refuses a non-finite profile value', () => {
    expect(given([]).refuses(create({ profile: { forfeitSpread: Number.NaN } })).field).toBe('profile.forfeitSpread');
  });

  it('refuses a tournament without, or with an unknown, pairing system', () => {
    spec
      .given([])
      .when(create({ pairingSystems: [] }))
      .thenRefuses('tournament/no-pairing-system');
    spec
      .given([])
      .when(create({ pairingSystems: ['dutch' as never] }))
      .thenRefuses('tournament/unknown-pairing-system');
  });

  it('refuses any other command before the tournament exists', () => {
    spec.given([]).when(register('a')).thenRefuses('tournament/not-created');
  });

  it('Arbitra (RULES.knockoutField): accepts knockout as a pairing system', () => {
    const [e] = given([]).when(create({ discipline: 'xiguaqi', pairingSystems: ['round-robin', 'knockout'] }));
    expect(e).toMatchObject({ type: 'tournament.TournamentCreated', data: { pairingSystems: ['round-robin', 'knockout'] } });
  });
});
