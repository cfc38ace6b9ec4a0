/** Test fixture (pure): a hand-checked GCG record. */
/**
 * A short complete game, checked by hand:
 *  1 Ann WORD 8E: W4 O1 R1 D2 = 8, centre DW ×2 = 16                       Ann 16
 *  2 Bob (D)OG H8: D2 O1 G2 = 5 (no premium under O at 9H or G at 10H)       Bob 5
 *  3 Ann JA(G) 10F: J on TL 10F = 24, A 1, G 2 = 27                          Ann 43
 *  4 Bob UW E7 +5, challenged off (phoney): −5                               Bob 5
 *  5 Ann exchanges 3                                                         (zero 2)
 *  6 Bob AW E7: A1 + W4 = 5; Ann challenges, AW is good: +5 bonus to Bob      Bob 15
 *  7–12 pass, pass, exchange, pass, pass, pass: six scoreless turns end the game
 *  end: Ann holds EEIORTU (7) → 36; Bob holds BCDEFHK (3+3+2+1+4+4+5 = 22) → −7
 */
export const HAND_GAME = `#character-encoding UTF-8
#player1 Ann Ann Lee
#player2 Bob Bob Wu
>Ann: DORWEEI 8E WORD +16 16
>Bob: GOABCDE H8 .OG +5 5
>Ann: AJEEIXY 10F JA. +27 43
>Bob: UWABCDE E7 UW +5 10
>Bob: UWABCDE -- -5 5
>Ann: EEIXYZO -XYZ +0 43
>Bob: AWBCDEU E7 AW +5 10
>Bob: BCDEUFH (challenge) +5 15
>Ann: EEIORTU - +0 43
>Bob: BCDEFHK - +0 15
>Ann: EEIORTU -3 +0 43
>Bob: BCDEFHK - +0 15
>Ann: EEIORTU - +0 43
>Bob: BCDEFHK - +0 15
>Ann: EEIORTU (EEIORTU) -7 36
>Bob: BCDEFHK (BCDEFHK) -22 -7
`;
