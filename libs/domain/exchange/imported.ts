/**
 * A results file as read (.TOU or TSH `.t`), before it becomes tournament commands. Opponents are
 * 1-based player numbers within the division, as the files write them.
 */
export type ImportedRound =
  /** `score` null: paired, no result in the file yet; `table` when the file names it. */
  | { readonly kind: 'game'; readonly opponent: number; readonly score: number | null; readonly first: boolean | null; readonly table?: number }
  /** `spread` as the file writes it, when it does (TSH +50). */
  | { readonly kind: 'bye'; readonly spread?: number }
  /**
   * A forfeit at a table the file pairs (TSH `.t` as Arbitra writes it): `won` this player was present and the
   * opponent absent; `double` both were absent. Never rated: no game was played.
   */
  | {
      readonly kind: 'forfeit';
      readonly opponent: number;
      readonly won: boolean;
      readonly double: boolean;
      /** The spread the file writes (unsigned). */
      readonly spread: number;
      readonly table?: number;
    }
  /** Not paired: absent or withdrawn (a forfeit loss without an opponent). */
  | { readonly kind: 'absent' };

export interface ImportedPlayer {
  readonly name: string;
  readonly rating?: number;
  /** The file line the player was read from (1-based), for refusals. */
  readonly line: number;
  readonly rounds: readonly ImportedRound[];
}

export interface ImportedDivision {
  readonly name: string;
  readonly players: readonly ImportedPlayer[];
}

export interface ImportedFile {
  readonly name?: string;
  /** YYYY-MM-DD when the file names its date. */
  readonly date?: string;
  readonly divisions: readonly ImportedDivision[];
  /** What the file says that Arbitra does not record, with the line. */
  readonly notKept: ReadonlyArray<{ readonly line: number; readonly text: string; readonly why: string }>;
}

/** A file that cannot be read as its format: the 400/422 names the request field and the line. */
export class ExchangeFormatError extends Error {
  constructor(
    readonly format: 'tou' | 'tsh' | 'trf',
    readonly line: number,
    message: string,
    readonly rule: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/**
 * A tournament a format cannot write faithfully (a name its readers would split, a column it would overflow): the
 * export is refused, naming the player and the format's rule, rather than written ambiguous.
 */
export class ExchangeExportError extends Error {
  constructor(
    readonly format: 'tou' | 'tsh',
    readonly player: string,
    message: string,
    readonly rule: string,
  ) {
    super(message);
  }
}

type ImportedGame = Extract<ImportedRound, { kind: 'game' }>;

/**
 * Visits every game of a division with its opponent's side of it (both readers' cross-check). A game whose
 * opponent does not name the player back in that round is refused under the format's pairs rule.
 */
export function eachNamedBack(
  players: readonly ImportedPlayer[],
  format: 'tou' | 'tsh',
  pairsRule: string,
  visit: (game: { player: ImportedPlayer; index: number; round: number; mine: ImportedGame; opponent: ImportedPlayer; theirs: ImportedGame }) => void,
): void {
  players.forEach((p, i) =>
    p.rounds.forEach((r, k) => {
      if (r.kind !== 'game') return;
      const o = players[r.opponent - 1];
      const back = o?.rounds[k];
      if (!o || back?.kind !== 'game' || back.opponent !== i + 1)
        throw new ExchangeFormatError(format, p.line, `round ${k + 1}: ${p.name} names opponent ${r.opponent}, who does not name ${p.name} back`, pairsRule);
      visit({ player: p, index: i, round: k, mine: r, opponent: o, theirs: back });
    }),
  );
}
