import { expect } from '@jest/globals';
import fc from 'fast-check';
import { checkInvariants } from './invariants.js';
import { appealDeposit, byHand, KINDS, keyed, settle, TABLES, type Kind, type Model, type Outcome, type Real } from './world.js';

/**
 * The federation day's steps as fast-check model-based commands (issue 28): each checks it applies to the model, sends
 * its command through HTTP under an Idempotency-Key, updates the model, then checks every invariant (invariants.ts).
 */
type Step = fc.AsyncCommand<Model, Real>;
const GO_POINTS = ['E5', 'C3', 'G7', 'C7', 'G3', 'E3', 'E7', 'C5', 'G5', 'D4', 'F6', 'D6'];
/** Scrabble needs the game scores; the others record the outcome alone. */
const resultBody = (kind: Kind, outcome: Outcome) =>
  kind !== 'scrabble'
    ? { kind: 'played', outcome }
    : {
        kind: 'played',
        outcome,
        score: outcome === 'draw' ? { first: 380, second: 380 } : outcome === 'first' ? { first: 420, second: 350 } : { first: 350, second: 420 },
      };
/** Go records no draws here (komi 6.5 in the default profile). */
const outcomeFor = (kind: Kind, o: Outcome): Outcome => (kind === 'go' && o === 'draw' ? 'first' : o);

/** The round-1 tables of the day, recorded or not (results by hand skip the table the Go game plays). */
const tables = (m: Readonly<Model>, recorded: boolean) =>
  KINDS.flatMap((kind) =>
    TABLES.filter((table) => m.tournaments[kind].results.has(table) === recorded && (recorded || byHand(kind, table))).map((table) => ({ kind, table })),
  );
/** A step picks its table among those it applies to (`pick` modulo their number), so few steps are skipped. */
const pickOf = (m: Readonly<Model>, recorded: boolean, pick: number) => {
  const all = tables(m, recorded);
  return all[pick % all.length];
};

class LateEntry implements Step {
  constructor(readonly kind: Kind) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const t = m.tournaments[this.kind];
    const id = `${t.id}-late${++t.late}`;
    await keyed(m, r, `/v1/tournaments/${t.id}/players`, { id, name: `Late ${id}`, joinsAtRound: 2 });
    t.players.push(id);
    await checkInvariants(m, r);
  }
  toString = () => `LateEntry(${this.kind})`;
}

class PostResult implements Step {
  constructor(
    readonly pick: number,
    readonly outcome: Outcome,
  ) {}
  check = (m: Readonly<Model>) => tables(m, false).length > 0;
  async run(m: Model, r: Real) {
    const { kind, table } = pickOf(m, false, this.pick);
    const t = m.tournaments[kind];
    const outcome = outcomeFor(kind, this.outcome);
    await keyed(m, r, `/v1/tournaments/${t.id}/rounds/1/results`, { table, result: resultBody(kind, outcome) });
    t.results.set(table, outcome);
    this.done = `${kind} t${table}`;
    await checkInvariants(m, r);
  }
  done = '';
  toString = () => `PostResult(${this.done || this.pick}, ${this.outcome})`;
}

class CorrectResult implements Step {
  constructor(
    readonly pick: number,
    readonly outcome: Outcome,
  ) {}
  check = (m: Readonly<Model>) => tables(m, true).length > 0;
  async run(m: Model, r: Real) {
    const { kind, table } = pickOf(m, true, this.pick);
    const t = m.tournaments[kind];
    // A correction changes the result (one repeating it is refused 422: review-commands.e2e.spec.ts): the outcome drawn,
    // or the other side's win when that is the one recorded.
    const drawn = outcomeFor(kind, this.outcome);
    const outcome = drawn !== t.results.get(table) ? drawn : drawn === 'first' ? 'second' : 'first';
    const body = { result: resultBody(kind, outcome), reason: 'the result slip was misread' };
    await keyed(m, r, `/v1/tournaments/${t.id}/rounds/1/results/${table}/corrections`, body);
    t.results.set(table, outcome);
    this.done = `${kind} t${table}`;
    await checkInvariants(m, r);
  }
  done = '';
  toString = () => `CorrectResult(${this.done || this.pick}, ${this.outcome})`;
}

/** A player of the table appeals its recorded result (the parties are the table's two players). */
class Appeal implements Step {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => tables(m, true).length > 0;
  async run(m: Model, r: Real) {
    const { kind, table } = pickOf(m, true, this.pick);
    this.done = `${kind} t${table}`;
    const t = m.tournaments[kind];
    const recorded = (await r.h.core.store.readStream(`tournament-${t.id}`)).find(
      (e) => e.type === 'tournament.ResultRecorded' && (e.data as { table?: number }).table === table,
    )!;
    const by = t.players[(table - 1) * 2];
    const deposit = appealDeposit(t.discipline);
    const body = {
      appealId: `${t.id}-appeal-${++m.appeals}`,
      tournamentId: t.id,
      contestedEventId: recorded.id,
      appellant: { id: by, capacity: 'player', forPlayer: by },
      grounds: 'the result was wrongly recorded',
      remedySought: 'it is corrected',
      ...(deposit !== undefined && { deposit }),
    };
    const res = await keyed(m, r, '/v1/appeals', body, r.h.token('player', [t.id], by));
    expect(res.body.events[0].data.contested.parties.sort()).toEqual(t.players.slice((table - 1) * 2, table * 2).sort());
    await checkInvariants(m, r);
  }
  done = '';
  toString = () => `Appeal(${this.done || this.pick})`;
}

/** A points penalty in the ledger against one of round 1's players. */
class Penalty implements Step {
  constructor(
    readonly kind: Kind,
    readonly player: number,
    readonly points: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const t = m.tournaments[this.kind];
    const player = t.players[this.player];
    const body = {
      penaltyId: `${t.id}-pen-${++m.penalties}`,
      target: { player, round: 1 },
      offence: 'noise',
      kind: 'points',
      amount: this.points,
      reason: 'phone rang',
    };
    await keyed(m, r, `/v1/tournaments/${t.id}/penalty-ledger`, body);
    t.penalties.set(player, (t.penalties.get(player) ?? 0) + this.points);
    await checkInvariants(m, r);
  }
  toString = () => `Penalty(${this.kind}, p${this.player + 1}, ${this.points})`;
}

/** The last keyed command again under its key: the first answer comes back and the log does not move. */
class Retry implements Step {
  check = (m: Readonly<Model>) => m.lastKeyed !== null;
  async run(m: Model, r: Real) {
    const last = m.lastKeyed!;
    const head = await r.h.core.store.headPosition();
    const again = await r.h.post(last.path, last.body, last.token, 201, { 'idempotency-key': last.key });
    await settle(r);
    expect({ duplicate: again.body.duplicate, events: again.body.events, head: await r.h.core.store.headPosition() }).toEqual({
      duplicate: true,
      events: last.answer.events,
      head,
    });
    await checkInvariants(m, r);
  }
  toString = () => 'Retry';
}

class GoMove implements Step {
  check = (m: Readonly<Model>) => !m.go.ended && m.go.moves < GO_POINTS.length;
  async run(m: Model, r: Real) {
    await keyed(m, r, `/v1/go/games/${r.goGame}/moves`, { seat: m.go.moves % 2, point: GO_POINTS[m.go.moves] });
    m.go.moves++;
    await checkInvariants(m, r);
  }
  toString = () => 'GoMove';
}

/** A resignation ends the linked Go game: its result reaches the Go tournament's table 1 (seat 0 is the pairing's first). */
class GoResign implements Step {
  constructor(readonly seat: 0 | 1) {}
  check = (m: Readonly<Model>) => !m.go.ended;
  async run(m: Model, r: Real) {
    await keyed(m, r, `/v1/go/games/${r.goGame}/resignation`, { seat: this.seat });
    m.go.ended = true;
    m.tournaments.go.results.set(1, this.seat === 0 ? 'second' : 'first');
    await checkInvariants(m, r);
  }
  toString = () => `GoResign(seat ${this.seat})`;
}

/** The draft's round 1 is published: from now on (and only now) its pairing is public. */
class DraftPublish implements Step {
  check = (m: Readonly<Model>) => !m.draftPublished;
  async run(m: Model, r: Real) {
    await keyed(m, r, `/v1/tournaments/${r.draft}/rounds/1/publish`, {});
    m.draftPublished = true;
    await checkInvariants(m, r);
  }
  toString = () => 'DraftPublish';
}

const kind = fc.constantFrom(...KINDS);
const outcome = fc.constantFrom<Outcome>('first', 'second', 'draw');
const pick = fc.nat(11);
/** The steps, results and their corrections, appeals and retries weighted up (the arbitraries are drawn uniformly). */
export const STEPS = [
  kind.map((k) => new LateEntry(k)),
  ...[1, 2].map(() => fc.tuple(pick, outcome).map(([p, o]) => new PostResult(p, o))),
  ...[1, 2].map(() => fc.tuple(pick, outcome).map(([p, o]) => new CorrectResult(p, o))),
  fc.tuple(pick).map(([p]) => new Appeal(p)),
  fc.tuple(kind, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 5 })).map(([k, p, n]) => new Penalty(k, p, n)),
  ...[1, 2].map(() => fc.constant(new Retry())),
  fc.constant(new GoMove()),
  fc.constant(new DraftPublish()),
  fc.constantFrom<0 | 1>(0, 1).map((s) => new GoResign(s)),
];
