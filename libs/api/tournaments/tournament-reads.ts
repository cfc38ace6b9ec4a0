import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { COLLECTIONS, PROVISIONAL_PROJECTION, TOURNAMENTS_PROJECTION, type TournamentSummary } from '../../runtime/features/tournament/index.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { awaitPosition } from '../command-request.js';
import { unknownTournament } from './tournament-command.js';

/** Read access to the tournament read models, after `?waitFor=` (read-your-writes). */
export class TournamentReads {
  constructor(
    private readonly core: ArbitraCore,
    private readonly config: ArbitraConfig,
  ) {}

  async ready(request: AuthedRequest): Promise<void> {
    await awaitPosition(request, this.core, this.config.waitMaxMs);
  }

  doc<T>(collection: string, key: string, projection = TOURNAMENTS_PROJECTION): T | undefined {
    return this.core.readModels.get<T>(projection, collection, key);
  }

  provisional<T>(key: string): T | undefined {
    return this.core.readModels.get<T>(PROVISIONAL_PROJECTION, COLLECTIONS.provisional, key);
  }

  list<T>(collection: string): T[] {
    return this.core.readModels.list<T>(TOURNAMENTS_PROJECTION, collection).map((r) => r.value);
  }

  /** The summary, or 404. */
  summary(id: string): TournamentSummary {
    const s = this.doc<TournamentSummary>(COLLECTIONS.summary, id);
    if (!s) throw unknownTournament(id);
    return s;
  }
}
