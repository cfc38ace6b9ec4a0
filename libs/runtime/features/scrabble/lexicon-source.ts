import type { Lexicon } from '../../../domain/disciplines/scrabble/index.js';
import { FileLexicon } from './lexicon-file.js';

const loaded = new Map<string, FileLexicon>();

/** The configured word list (ARBITRA_LEXICON_FILE), read once per path; null when none is configured. */
export function lexiconFor(config: { readonly lexiconFile: string | undefined }): (Lexicon & { readonly path: string }) | null {
  const path = config.lexiconFile;
  if (!path) return null;
  let lex = loaded.get(path);
  if (!lex) loaded.set(path, (lex = new FileLexicon(path)));
  return lex;
}
