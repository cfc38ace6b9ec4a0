import { ChessExchangeController } from './chess-exchange.controller.js';
import { ChessGamesController } from './chess-games.controller.js';
import { ChessMovesController } from './chess-commands.js';
import { ChessTournamentsController } from './chess-tournaments.controller.js';
import { RandomTournamentController } from './random-tournament.controller.js';

/** Rapid chess's controllers (`/v1/chess/games/...`, its tournaments' exports and TRF-16 import, the random tournament). */
export const CHESS_CONTROLLERS = [
  ChessGamesController,
  ChessMovesController,
  ChessTournamentsController,
  RandomTournamentController,
  ChessExchangeController,
] as const;
