import { describe, expect, it } from '@jest/globals';
import { XMLParser } from 'fast-xml-parser';
import { readFileSync, writeFileSync } from 'node:fs';
import { initialBoard, POINTS } from '../../domain/disciplines/xiguaqi/index.js';
import { boardDiagramSvg, positionSvg } from '../../domain/disciplines/xiguaqi/board-svg.js';

const DIAGRAM = new URL('../../../docs/xiguaqi-board.svg', import.meta.url);
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });
type Node = Record<string, unknown>;
const list = (v: unknown): Node[] => (v === undefined ? [] : Array.isArray(v) ? (v as Node[]) : [v as Node]);

describe('the xiguaqi SVGs', () => {
  it('docs/xiguaqi-board.svg is the generated numbered diagram (XIGUAQI_WRITE_DIAGRAM=1 rewrites it): every point 1–21 labelled once', () => {
    if (process.env.XIGUAQI_WRITE_DIAGRAM === '1') writeFileSync(DIAGRAM, boardDiagramSvg());
    const published = readFileSync(DIAGRAM, 'utf8');
    expect(published).toBe(boardDiagramSvg());
    const svg = parser.parse(published).svg as Node;
    const labels = list(svg.text).filter((t) => t['data-label'] !== undefined);
    expect(labels.map((t) => Number(t['data-label'])).sort((a, b) => a - b)).toEqual([...POINTS]);
    expect(list(svg.path)).toHaveLength(4);
    expect(list(svg.circle)).toHaveLength(2 + 21);
  });

  it('a position draws one piece per occupied point, with its colour and escaped mark; the text is escaped', () => {
    const board = [...initialBoard()];
    board[8] = { colour: 'W', n: 1, escaped: true };
    const svg = parser.parse(positionSvg(board, 'Ann <&> Bob', 'caption')).svg as Node;
    const pieces = list(svg.circle).filter((c) => c.class === 'piece');
    expect(pieces).toHaveLength(13);
    expect(pieces.find((c) => c['data-point'] === '9')).toMatchObject({ 'data-colour': 'W', 'data-escaped': 'true' });
    expect(svg.title).toBe('Ann <&> Bob');
  });
});
