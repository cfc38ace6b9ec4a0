import { readFileSync } from 'node:fs';
import type { Lexicon } from '../../../domain/disciplines/scrabble/lexicon.js';

/**
 * A word list file (ARBITRA_LEXICON_FILE): one word a line, case-insensitive, `#` comments and
 * blank lines ignored. The list stands for the tournament's whole word source, so a word it lacks
 * is proposed invalid. It only proposes: the arbiter confirms every verdict. No list is shipped.
 */
export class FileLexicon implements Lexicon {
  private readonly words: Set<string>;

  constructor(readonly path: string) {
    const text = readFileSync(path, 'utf8');
    this.words = new Set();
    for (const line of text.split(/\r?\n/)) {
      const word = line.trim();
      if (word === '' || word.startsWith('#')) continue;
      if (!/^[A-Za-z]+$/.test(word)) throw new Error(`${path}: "${word}" is not a word of letters A–Z`);
      this.words.add(word.toUpperCase());
    }
    if (this.words.size === 0) throw new Error(`${path} holds no words`);
  }

  get size(): number {
    return this.words.size;
  }

  isValid(word: string): boolean {
    return this.words.has(word.toUpperCase());
  }
}
