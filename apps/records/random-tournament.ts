/**
 * `random-tournament --players N --rounds R --seed S [...]`: the random tournament generator (FIDE Handbook C.04.A asks
 * an endorsed program for one). Ratings drawn from the seed, every round paired by Arbitra's Dutch engine (C.04.3),
 * results drawn from the rating difference; the TRF-16 file goes to stdout or --out. Exit 0, or 2 on a bad invocation.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { randomTournament } from '../../libs/domain/pairing/dutch/index.js';
import { DomainError } from '../../libs/domain/kernel/errors.js';

export const RANDOM_TOURNAMENT_USAGE =
  'random-tournament --players <n> --rounds <r> --seed <s> [--draw-rate x] [--forfeit-rate x] [--bye-rate x] [--withdraw-rate x] [--highest-rating n] [--lowest-rating n] [--out <file>]';

export function randomTournamentCommand(args: string[], out: (text: string) => void, err: (line: string) => void): number {
  const names = ['players', 'rounds', 'seed', 'draw-rate', 'forfeit-rate', 'bye-rate', 'withdraw-rate', 'highest-rating', 'lowest-rating', 'out'] as const;
  let values: Partial<Record<(typeof names)[number], string>>;
  try {
    ({ values } = parseArgs({
      args,
      options: Object.fromEntries(names.map((n) => [n, { type: 'string' }])) as Record<(typeof names)[number], { type: 'string' }>,
    }));
  } catch (e) {
    err(`${(e as Error).message}\nusage: ${RANDOM_TOURNAMENT_USAGE}`);
    return 2;
  }
  for (const required of ['players', 'rounds', 'seed'] as const)
    if (values[required] === undefined) {
      err(`--${required} is required\nusage: ${RANDOM_TOURNAMENT_USAGE}`);
      return 2;
    }
  const num = (v: string | undefined) => (v === undefined ? undefined : v.trim() === '' ? Number.NaN : Number(v));
  const optional = {
    drawRate: num(values['draw-rate']),
    forfeitRate: num(values['forfeit-rate']),
    byeRate: num(values['bye-rate']),
    withdrawRate: num(values['withdraw-rate']),
    highestRating: num(values['highest-rating']),
    lowestRating: num(values['lowest-rating']),
  };
  let generated;
  try {
    generated = randomTournament({
      players: num(values.players) as number,
      rounds: num(values.rounds) as number,
      seed: num(values.seed) as number,
      ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
    });
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    err(`${e.message} (${e.rule})`);
    return 2;
  }
  if (values.out) {
    writeFileSync(values.out, generated.trf);
    err(
      `${values.out}: ${generated.rounds} round(s), ${generated.games} games (${generated.draws} drawn, ${generated.forfeits} forfeited), ${generated.halfPointByes} half-point byes, ${generated.withdrawn} withdrawn`,
    );
  } else out(generated.trf);
  return 0;
}
