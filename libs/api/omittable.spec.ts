import { IsIn, IsString, Length, validateSync } from 'class-validator';
import { Omittable, OnlyWhen } from './omittable.js';

const broken = (o: object) =>
  validateSync(o)
    .flatMap((e) => Object.keys(e.constraints ?? {}).map((c) => `${e.property}:${c}`))
    .sort();

describe('which fields a request may carry', () => {
  class Source {
    @IsIn(['game', 'arbiter']) kind!: 'game' | 'arbiter';
    @OnlyWhen((o: Source) => o.kind === 'game', 'when kind is game')
    @IsString()
    @Length(1, 5)
    gameId?: string;
    @Omittable() @IsString() note?: string;
  }
  const source = (fields: Partial<Source>) => Object.assign(new Source(), fields);

  it('OnlyWhen: where the field applies it is required and checked by the rules under it', () => {
    expect(broken(source({ kind: 'game', gameId: 'g-1' }))).toEqual([]);
    expect(broken(source({ kind: 'game' }))).toEqual(['gameId:isLength', 'gameId:isString']);
    expect(broken(source({ kind: 'game', gameId: 'g-too-long' }))).toEqual(['gameId:isLength']);
  });

  it('OnlyWhen: where it does not apply it may be left out, and is refused when sent (it was dropped unread)', () => {
    expect(broken(source({ kind: 'arbiter' }))).toEqual([]);
    expect(broken(source({ kind: 'arbiter', gameId: 'g-1' }))).toEqual(['gameId:onlyWhen']);
    const [error] = validateSync(source({ kind: 'arbiter', gameId: 'g-1' }));
    expect(error.constraints?.onlyWhen).toBe('gameId applies only when kind is game');
    expect(broken(source({ kind: 'arbiter', gameId: null as unknown as string }))).toEqual(['gameId:isLength', 'gameId:isString', 'gameId:onlyWhen']);
  });

  it('Omittable: left out is fine, null is validated', () => {
    expect(broken(source({ kind: 'arbiter', note: 'n' }))).toEqual([]);
    expect(broken(source({ kind: 'arbiter', note: null as unknown as string }))).toEqual(['note:isString']);
  });
});
