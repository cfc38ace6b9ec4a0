/** The result slip's signatures: what they lock (seed 分數) and how one is withdrawn before a correction. */
import { refuse } from '../../kernel/errors.js';
import { RULES } from './scrabble.rules.js';
import type { ScrabbleState } from './scrabble.state.js';

export const WITHDRAWAL_RULE =
  'Arbitra: a signature is withdrawn (recorded, with who and why) before any correction — WESPA seed 分數: corrections only before signing';

/**
 * Seed 分數: 「分數計算錯誤可以於簽署「Result Slip」前於雙方同意下的任何時候解決…簽署後不可更改分數」 and
 * seed 重新計算分數: a recount is requested 「在簽署「Result Slip」前」. Once both have signed nothing that changes
 * the score is accepted (only reversed scores, by TD decision); while one signature stands it must be
 * withdrawn first (WithdrawSignature, recorded).
 */
export function refuseIfSigned(s: ScrabbleState, what: string, field?: string): void {
  if (s.phase === 'finished') {
    refuse(
      'scrabble/result-signed',
      `the result slip is signed: ${what} is no longer accepted; only reversed scores may be fixed, by TD decision`,
      RULES.signedLocked,
      { field: field ?? 'id' },
    );
  }
  if (s.phase === 'ended' && s.end.signedBy.length > 0) {
    const who = s.end.signedBy.map((x) => `seat ${x}`).join(' and ');
    refuse(
      'scrabble/slip-signed',
      `${who} signed the result slip: withdraw the signature first (a recorded signature withdrawal) before ${what}`,
      RULES.signedLocked,
      {
        field,
        details: { signedBy: s.end.signedBy, withdrawRule: WITHDRAWAL_RULE },
      },
    );
  }
}
