import { AuditKeysController } from './audit-keys.controller.js';
import { TournamentHistoryController } from './history.controller.js';

/** The audit controllers a records app registers (issue 10): checkpoint keys and list, tournament history. */
export const AUDIT_CONTROLLERS = [AuditKeysController, TournamentHistoryController];
export { attachAudit, auditOf, type AuditServices, type LogIntegrity } from './audit-services.js';
