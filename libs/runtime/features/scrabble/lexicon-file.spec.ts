import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { proposeVerdicts } from '../../../domain/disciplines/scrabble/lexicon.js';
import { FileLexicon } from './lexicon-file.js';

const file = (text: string) => {
  const p = join(mkdtempSync(join(tmpdir(), 'lexicon-')), 'words.txt');
  writeFileSync(p, text);
  return p;
};

describe('ARBITRA_LEXICON_FILE word list', () => {
  it('proposes valid for listed words and invalid for others, case-insensitively', () => {
    const lex = new FileLexicon(file('# tournament list\nQI\nza\n\nCAT\n'));
    expect(lex.size).toBe(3);
    expect(proposeVerdicts(lex, ['qi', 'ZA', 'QZ'])).toEqual([
      { word: 'QI', valid: true },
      { word: 'ZA', valid: true },
      { word: 'QZ', valid: false },
    ]);
  });

  it('refuses a file with non-words or no words at all', () => {
    expect(() => new FileLexicon(file('CAT\nDOG2\n'))).toThrow(/not a word/);
    expect(() => new FileLexicon(file('# nothing\n'))).toThrow(/no words/);
  });
});
