/** The hand itself, when the referee gives it (the contract with the table helper). */
import type { CountedElement } from './claims.js';
import type { Tile, Wind } from './tiles.js';

export interface ExposedSet {
  kind: 'chow' | 'pung' | 'kong';
  tiles: Tile[];
  /** A kong declared from four concealed tiles (暗槓): it stays concealed for 門前清 and the 暗刻 series. */
  concealedKong?: boolean;
  claimedFrom?: 'left' | 'across' | 'right';
}

export interface HandInput {
  /** Concealed tiles INCLUDING the winning tile. */
  concealed: Tile[];
  exposed: ExposedSet[];
  winningTile: Tile;
  selfDrawn: boolean;
  seatWind: Wind;
  /** Won on the last tile of the wall (self-drawn: 9.1.1 海底撈月) or the last discard (9.1.2 河底撈魚). */
  lastTile?: boolean;
  /** 9.3 搶槓: won on a tile added to an exposed pung. */
  robbingKong?: boolean;
  /** 9.2 嶺上開花: self-drawn on a kong's replacement tile. */
  kongReplacement?: boolean;
  /** 9.4.1 天和: East wins on the initial 14 tiles (beyond the shared contract; optional). */
  blessingOfHeaven?: boolean;
  /** 9.4.2 地和: a non-dealer wins on East's first discard (beyond the shared contract; optional). */
  blessingOfEarth?: boolean;
}

export interface HandScore {
  elements: CountedElement[];
  total: number;
  /** The chosen arrangement, e.g. '123m 456m [EEE] 789p 55s' ([…] = exposed, {…} = concealed kong). */
  decomposition: string;
}
