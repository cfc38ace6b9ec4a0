import { appealDecider, type AppealCommand, type AppealEvent, type AppealState } from '../../../domain/appeals/index.js';
import type { AggregateType } from '../../command-handler.js';

/** The `appeals` feature's aggregate: commands and events `appeals.*`, one stream per appeal, `appeal-<appealId>`. */
export const AppealAggregate: AggregateType<AppealCommand, AppealEvent, AppealState> = { name: 'appeal', decider: appealDecider };
