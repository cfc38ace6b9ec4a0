/**
 * Where an imported game came from (issue 30; ARCHITECTURE "Imported history"): the file's format, the SHA-256 of
 * its text, who imported it and when, and the file's own header fields as written. A game with a source was not
 * observed at a table: it carries no clock readings but the ones the file writes, kept as the file's.
 */
export interface RecordSource {
  readonly format: 'sgf' | 'pgn' | 'gcg' | 'trf';
  /** Hex SHA-256 of the file's text as sent (UTF-8). */
  readonly sha256: string;
  readonly importedBy: string;
  readonly importedAt: string;
  /** The file's header fields as written, in file order (SGF root properties, PGN tag pairs, GCG pragmas). */
  readonly headers: readonly (readonly [string, string])[];
  /** Contradictions inside the file kept as the file's, each naming its line (GCG: a written total against the computed one). */
  readonly discrepancies?: readonly { readonly line: number; readonly text: string; readonly why: string }[];
}

/** The value of a header as the file writes it (its first occurrence), if any. */
export const headerOf = (source: RecordSource | null | undefined, name: string): string | undefined => source?.headers.find(([k]) => k === name)?.[1];
