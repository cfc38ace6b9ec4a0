import { ChessGamesController } from './chess-games.controller.js';
import { ChessMovesController } from './chess-commands.js';
import { ChessTournamentsController } from './chess-tournaments.controller.js';
import { RandomTournamentController } from './random-tournament.controller.js';

/** Rapid chess's controllers (`/v1/chess/games/...`). */
export const CHESS_CONTROLLERS = [ChessGamesController, ChessMovesController, ChessTournamentsController, RandomTournamentController] as const;
