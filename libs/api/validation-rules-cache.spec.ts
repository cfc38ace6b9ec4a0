import { IsInt, IsString, Min, registerDecorator, validateSync } from 'class-validator';
import { rememberValidationRules } from './validation-rules-cache.js';

const broken = (o: object) => validateSync(o, { forbidUnknownValues: true }).flatMap((e) => Object.keys(e.constraints ?? {}).map((c) => `${e.property}:${c}`));

describe('remembered validation rules (class-validator lookups cached per class)', () => {
  beforeAll(() => rememberValidationRules());

  class Registration {
    @IsString() name!: string;
    @IsInt() @Min(0) rating!: number;
  }

  it('refuses the same bad fields on every request, not only the first', () => {
    for (let i = 0; i < 3; i++) {
      expect(broken(Object.assign(new Registration(), { name: 7, rating: -1 }))).toEqual(['name:isString', 'rating:min']);
      expect(broken(Object.assign(new Registration(), { name: 'Ann', rating: 1500 }))).toEqual([]);
    }
  });

  it('applies rules of classes declared after the first validation, inherited ones included', () => {
    expect(broken(Object.assign(new Registration(), { name: 'Ann', rating: 1 }))).toEqual([]);
    class TeamRegistration extends Registration {
      @IsString() team!: string;
    }
    expect(broken(Object.assign(new TeamRegistration(), { name: 'Ann', rating: -5, team: 3 }))).toEqual(
      expect.arrayContaining(['rating:min', 'team:isString']),
    );
  });

  it('forgets what it remembered when a rule is added to a class it has already validated', () => {
    class Comment {
      @IsString() text!: string;
    }
    expect(broken(Object.assign(new Comment(), { text: '' }))).toEqual([]);
    registerDecorator({
      target: Comment,
      propertyName: 'text',
      name: 'notBlank',
      validator: { validate: (v: unknown) => typeof v === 'string' && v.trim() !== '' },
    });
    expect(broken(Object.assign(new Comment(), { text: '' }))).toEqual(['text:notBlank']);
  });
});
