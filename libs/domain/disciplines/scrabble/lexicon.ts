/**
 * Word adjudication port. The domain ships no word list: by default the arbiter records each
 * verdict; an optional lexicon proposes verdicts that the arbiter confirms (both are recorded:
 * `scrabble.VerdictsProposed`, then `scrabble.ChallengeResolved` with `proposed` beside `valid`).
 * WESPA Rules v3 §1.2 (word source; WESPA rules, not the seed): the tournament's official word source.
 */
export interface Lexicon {
  /** true/false when the word list knows; undefined when it cannot say. */
  isValid(word: string): boolean | undefined;
}

export interface Proposal {
  readonly word: string;
  readonly valid: boolean | null;
}

export function proposeVerdicts(lexicon: Lexicon, words: readonly string[]): Proposal[] {
  return words.map((w) => {
    const word = w.toUpperCase();
    const v = lexicon.isValid(word);
    return { word, valid: v === undefined ? null : v };
  });
}

/** Where the arbiter's confirmed verdicts depart from the lexicon's proposals. */
export function overriddenProposals(verdicts: readonly { word: string; valid: boolean; proposed: boolean | null }[]): string[] {
  return verdicts.filter((v) => v.proposed !== null && v.proposed !== v.valid).map((v) => v.word);
}
