import { Inject } from '@nestjs/common';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { TournamentReads } from '../tournaments/tournament-reads.js';
import { PageRenderer } from './page-frame.js';

/** What every page controller reads and renders with: the core, the tournaments' public reads, the templates. */
export abstract class PagesController {
  protected readonly reads: TournamentReads;
  protected readonly pages = new PageRenderer();

  constructor(
    @Inject(ARBITRA_CORE) protected readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) config: ArbitraConfig,
  ) {
    this.reads = new TournamentReads(core, config);
  }
}
