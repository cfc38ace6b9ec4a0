import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError } from '../../../domain/kernel/index.js';
import { DIVISION_REQUIRED, type TournamentCommand } from '../../../domain/tournament/index.js';
import { create, ctx, game, mjTable, pairManual, publish, register } from '../../../domain/tournament/testing/tournament.test-support.js';
import { ArbitraCore } from '../../arbitra-core.js';
import { streamOf } from '../../command-handler.js';
import { pairRoundBySystem } from './pairing-service.js';
import { tableAt } from './table-at.js';
import { TOURNAMENT_FEATURE, TournamentAggregate } from './tournament.feature.js';

/** Issue 8: pairing and "which game is at table T" are services of the tournament feature (the HTTP layer only calls them). */
let core: ArbitraCore;
beforeEach(async () => {
  core = new ArbitraCore({
    config: { dataDir: mkdtempSync(join(tmpdir(), 'arbitra-tour-')), sqliteSync: 'OFF', groupCommit: false },
    features: [TOURNAMENT_FEATURE],
  });
  await core.start();
});
afterEach(() => core.close());

async function given(...commands: TournamentCommand[]): Promise<void> {
  for (const c of commands) await core.execute(TournamentAggregate, 't1', c);
}
const revision = async () => (await core.commands.load(TournamentAggregate, streamOf(TournamentAggregate, 't1'))).revision;
async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  if (!(e instanceof DomainError)) throw new Error(`expected a refusal, got ${String(e)}`);
  return e;
}
const players = ['a', 'b', 'c', 'd'].map((id) => register(id));

describe('tableAt: the pairing at table T of round R, division D', () => {
  it("gives a published two-player game's seats, first then second, in the only division", async () => {
    await given(create(), ...players, pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]), publish(1));
    await expect(tableAt(core, 't1', { round: 1, table: 2 })).resolves.toEqual({ tournamentId: 't1', division: 'main', round: 1, table: 2, seats: ['c', 'd'] });
  });

  it("gives a mahjong table's four seats in wind order", async () => {
    await given(
      create({ discipline: 'mahjong', pairingSystems: ['mahjong-swiss'] }),
      ...players,
      pairManual(1, [], null, [mjTable(1, ['d', 'b', 'a', 'c'])]),
      publish(1),
    );
    expect((await tableAt(core, 't1', { round: 1, table: 1 })).seats).toEqual(['d', 'b', 'a', 'c']);
  });

  it('refuses a round that is paired but not published (409 naming link.round), a table it does not have (link.table) and an unknown tournament', async () => {
    await given(create(), ...players, pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]));
    const unpublished = await refusal(tableAt(core, 't1', { round: 1, table: 1 }));
    expect([unpublished.type, unpublished.kind, unpublished.field]).toEqual(['games/link-round-not-published', 'conflict', 'link.round']);
    await given(publish(1));
    const noTable = await refusal(tableAt(core, 't1', { round: 1, table: 3 }));
    expect([noTable.type, noTable.kind, noTable.field]).toEqual(['games/link-no-such-table', 'not-found', 'link.table']);
    const notPaired = await refusal(tableAt(core, 't1', { round: 2, table: 1 }));
    expect([notPaired.type, notPaired.field]).toEqual(['games/link-round-not-paired', 'link.round']);
    const noTournament = await refusal(tableAt(core, 'nope', { round: 1, table: 1 }));
    expect([noTournament.type, noTournament.kind, noTournament.field]).toEqual(['tournament/unknown-tournament', 'not-found', 'link.tournamentId']);
  });

  it('names link.division when a tournament with several divisions is not told which, or is told one it does not have', async () => {
    await given(create({ divisions: ['A', 'B'] }));
    const missing = await refusal(tableAt(core, 't1', { round: 1, table: 1 }));
    expect([missing.type, missing.field, missing.message]).toEqual([DIVISION_REQUIRED, 'link.division', 'tournament t1 has divisions A, B: say which']);
    const unknown = await refusal(tableAt(core, 't1', { round: 1, table: 1, division: 'C' }));
    expect([unknown.type, unknown.kind, unknown.field]).toEqual(['tournament/unknown-division', 'not-found', 'link.division']);
  });
});

describe('pairRoundBySystem: a server pairing computed from the record in the retry loop', () => {
  it('records the system pairing with the default seed <id>:<division>:<round>', async () => {
    await given(create(), ...players);
    const result = await pairRoundBySystem(core, 't1', 1, { system: 'round-robin' }, ctx(), { system: 'round-robin' });
    const paired = result.events.find((e) => e.type === 'tournament.RoundPaired');
    expect(paired?.data).toMatchObject({ division: 'main', round: 1, method: { kind: 'system', system: 'round-robin', seed: 't1:main:1' } });
    expect((paired?.data as { games: unknown[] }).games).toHaveLength(2);
  });

  it("refuses a system not among the tournament's (naming system) and records nothing", async () => {
    await given(create({ pairingSystems: ['random'] }), ...players);
    const before = await revision();
    const e = await refusal(pairRoundBySystem(core, 't1', 1, { system: 'round-robin' }, ctx(), {}));
    expect([e.type, e.field]).toEqual(['tournament/pairing-system-not-allowed', 'system']);
    expect(await revision()).toBe(before);
  });

  it('Arbitra (a refusal names a field the client sent, or none): an empty field or one too small names no field, not the engine’s players; a cut the client sent is named options.cut', async () => {
    await given(create({ pairingSystems: ['round-robin', 'knockout'] }));
    const empty = await refusal(pairRoundBySystem(core, 't1', 1, { system: 'round-robin' }, ctx(), {}));
    expect(empty.type).toBe('pairing/empty-field');
    expect(empty.field).toBeUndefined();
    await given(register('a'));
    const small = await refusal(pairRoundBySystem(core, 't1', 1, { system: 'round-robin' }, ctx(), {}));
    expect([small.type, small.field, small.kind]).toEqual(['pairing/field-too-small', undefined, 'invalid']);
    await given(register('b'), register('c'));
    const cut = await refusal(pairRoundBySystem(core, 't1', 1, { system: 'knockout', options: { cut: 8 } }, ctx(), {}));
    expect([cut.type, cut.field]).toEqual(['pairing/cut-exceeds-field', 'options.cut']);
  });

  it('refuses a tournament never created as the decider does (tournament/not-created)', async () => {
    const e = await refusal(pairRoundBySystem(core, 't1', 1, { system: 'random' }, ctx(), {}));
    expect(e.type).toBe('tournament/not-created');
  });
});
