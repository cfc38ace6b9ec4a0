export * from './grid.js';
export * from './imported.js';
export * from './tou.js';
export * from './tsh.js';
export * from './import-commands.js';
export * from './mahjong-csv.js';
export * from './trf.js';
export * from './trf-commands.js';
