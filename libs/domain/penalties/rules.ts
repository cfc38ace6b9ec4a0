/** The ledger's own rules (Arbitra's, from issue 10 "Penalty ledger"), cited in every refusal. */
export const LEDGER_RULES = {
  issuers: 'Arbitra penalty ledger: penalties are issued by the tournament officials (arbiter, chief arbiter) or the federation (admin)',
  penaltyId: 'Arbitra penalty ledger: a penalty id names one penalty in its tournament; the same id is never issued twice',
  discipline: "Arbitra penalty ledger: a tournament's penalties follow its discipline's penalty profile",
  kind: 'Arbitra penalty ledger: the kind is one the discipline’s penalty profile knows',
  amount:
    'Arbitra penalty ledger: points, seconds added to the opponent’s clock and penalty tiles carry a positive amount (seconds and tiles whole); other kinds carry none',
  rule: 'Arbitra penalty ledger: a penalty cites the rule (rules profile and section) it applies',
  reason: 'Arbitra penalty ledger: a penalty, a cancellation and a reduction state their reason in words',
  offence: 'Arbitra penalty ledger: the offence is a code (lower-case letters, digits, hyphens) so repeats can be counted',
  target: 'Arbitra penalty ledger: the target is a player, with the round and table where known (positive whole numbers); a points deduction names its round',
  appliedIn:
    'Arbitra penalty ledger: a penalty already applied in a game is copied into the ledger by the games process only, naming the game, its event and who recorded it; the standings do not count it again',
  appliedInEffect:
    "Arbitra penalty ledger: a penalty applied in a game took effect in the game's own record (its score, clock or result); the ledger does not cancel or reduce it, which would leave the game, the result and the standings as they were: correct the result instead",
  unknown: 'Arbitra penalty ledger: a cancellation or reduction names a penalty of this ledger',
  correction: 'Arbitra penalty ledger: an arbiter corrects only a penalty they issued; the chief arbiter or an appeal decides on another’s',
  chief: 'Arbitra penalty ledger: a chief-arbiter authority is exercised by the chief arbiter (or the federation admin)',
  appeal: 'Arbitra penalty ledger: an appeal authority is exercised only by the appeals process applying a recorded appeal decision, naming the appeal',
  cancelled: 'Arbitra penalty ledger: a cancelled penalty stays cancelled; nothing more changes it',
  reduce: 'Arbitra penalty ledger: a reduction lowers the amount of a penalty that has one, to a positive amount below the current one (cancel to remove it)',
} as const;
