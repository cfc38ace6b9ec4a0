/** The source an imported game records (issue 30, ARCHITECTURE "Imported history"): format, SHA-256 of the file, who, when. */
import { createHash } from 'node:crypto';
import type { CommandContext, RecordSource } from '../../domain/kernel/index.js';

export function recordSource(
  format: RecordSource['format'],
  text: string,
  ctx: Pick<CommandContext, 'at' | 'actor'>,
  headers: RecordSource['headers'],
  discrepancies?: RecordSource['discrepancies'],
): RecordSource {
  return {
    format,
    sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
    importedBy: ctx.actor.id,
    importedAt: ctx.at,
    headers,
    ...(discrepancies && discrepancies.length > 0 && { discrepancies }),
  };
}
