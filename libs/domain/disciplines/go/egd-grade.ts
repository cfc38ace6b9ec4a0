/**
 * The grade a GoR rating stands for (EGD GoR scale: 1 dan = 2100, 1 kyu = 2000, 100 points a grade, 20 kyu = 100,
 * the floor 30 kyu = −900 since the 2021 revision). A rating stands for the grade whose nominal rating is nearest,
 * ±50 ("1D = 2100 GoR ±50"; BGA policy 9: strength = (rating − 2100)/100, 0 = 1 dan, −1 = 1 kyu), a half rounded up.
 * Amateur grades only: 30k to 9d.
 */
export function gradeOfRating(rating: number): string {
  const fromFirstDan = Math.floor((rating - 2050) / 100); // 0 for 2050–2149: 1d; −1 for 1950–2049: 1k
  if (fromFirstDan >= 0) return `${Math.min(9, fromFirstDan + 1)}d`;
  return `${Math.min(30, -fromFirstDan)}k`;
}
