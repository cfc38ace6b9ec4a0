import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate } from 'class-validator';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * class-validator's `@ValidateNested()` skips a property that is missing, so a required object validated only that
 * way let a body without it through to the controller, which answered 500 reading a field of `undefined` (the fuzzer
 * found `POST /v1/ratings/:discipline/periods` without `engine`; eleven more were alike). Every request class here is
 * checked: a nested object or list that may not be left out is refused when it is.
 */
const here = fileURLToPath(new URL('.', import.meta.url));
const modules = (readdirSync(here, { recursive: true }) as string[]).filter((f) => /\.(dto|controller)\.ts$/.test(f));

async function requestClasses(): Promise<Array<new () => object>> {
  const classes = new Set<new () => object>();
  for (const file of modules) {
    const exported = (await import(join(here, file))) as Record<string, unknown>;
    for (const value of Object.values(exported)) if (typeof value === 'function' && value.name.endsWith('Dto')) classes.add(value as new () => object);
  }
  return [...classes];
}

type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

/** Each request class's properties with their class-validator rules (inherited ones included). */
async function ruledProperties(): Promise<Array<{ cls: new () => object; property: string; rules: ValidationMetadata[] }>> {
  const storage = getMetadataStorage();
  return (await requestClasses()).flatMap((cls) =>
    Object.entries(storage.groupByPropertyName(storage.getTargetValidationMetadatas(cls, '', true, false))).map(([property, rules]) => ({
      cls,
      property,
      rules,
    })),
  );
}

describe('request bodies: required objects', () => {
  it('has one request class per name: the OpenAPI document keys its schemas by class name', async () => {
    const byName = new Map<string, number>();
    for (const cls of await requestClasses()) byName.set(cls.name, (byName.get(cls.name) ?? 0) + 1);
    expect([...byName].filter(([, n]) => n > 1).map(([name]) => name)).toEqual([]);
    // The scan found the request classes; the game commands' bodies are declared schemas now (game-commands.ts).
    expect(byName.size).toBeGreaterThan(60);
  });

  it('refuses a body without a required nested object or list, naming it, in every request class', async () => {
    const checked: string[] = [];
    const missed: string[] = [];
    for (const { cls, property, rules } of await ruledProperties()) {
      // Nested, and not marked as one that may be left out (@Omittable / @IsOptional).
      if (!rules.some((r) => r.type === 'nestedValidation') || rules.some((r) => r.type === 'conditionalValidation')) continue;
      checked.push(`${cls.name}.${property}`);
      const errors = await validate(plainToInstance(cls, {}));
      if (!errors.some((e) => e.property === property)) missed.push(`${cls.name}.${property}`);
    }
    expect(missed).toEqual([]);
    // The scan found the request classes (a broken import would check nothing). The game commands' bodies are JSON
    // Schema now (libs/api/games/game-commands.ts), where a field not marked optional is required by construction.
    expect(checked.length).toBeGreaterThan(20);
    expect(checked).toEqual(expect.arrayContaining(['ClosePeriodDto.engine', 'LodgeAppealDto.appellant', 'IssuePenaltyDto.target']));
  });

  it('refuses a single value where a list is required: every rule applied to each item of a list also checks that it is one', async () => {
    // `each: true` applied to a string checks the string itself: `"tournaments": "AAA"` passed and answered 500 (fuzzer).
    const lists: string[] = [];
    const unchecked: string[] = [];
    for (const { cls, property, rules } of await ruledProperties()) {
      if (!rules.some((r) => r.each)) continue;
      const body = { [property]: 'AAA' };
      // A list skipped by a condition (`@ValidateIf`) is not checked here; `@OnlyWhen` validates any value sent, so its lists are.
      const conditions = rules.filter((r) => r.type === 'conditionalValidation').map((r) => r.constraints[0] as (o: object, v: unknown) => boolean);
      if (conditions.some((applies) => !applies(body, body[property]))) continue;
      lists.push(`${cls.name}.${property}`);
      const errors = await validate(plainToInstance(cls, body));
      if (!errors.some((e) => e.property === property)) unchecked.push(`${cls.name}.${property}`);
    }
    expect(unchecked).toEqual([]);
    expect(lists).toEqual(expect.arrayContaining(['ClosePeriodDto.tournaments']));
  });

  it('refuses a list where one object is required: every nested object not declared a list checks that it is an object', async () => {
    // class-validator validates each item of a list sent to `@ValidateNested()`: `"profile": [{…}]` passed and was
    // recorded as `{"0": {…}}` beside the defaults, the profile sent ignored; `"link": [{…}]` answered "no tournament undefined".
    const objects: string[] = [];
    const unchecked: string[] = [];
    for (const { cls, property, rules } of await ruledProperties()) {
      const nested = rules.some((r) => r.type === 'nestedValidation' && !r.each);
      if (!nested || rules.some((r) => r.name === 'isArray' || r.name === 'arrayMinSize' || r.name === 'arrayMaxSize')) continue;
      objects.push(`${cls.name}.${property}`);
      const errors = await validate(plainToInstance(cls, { [property]: [{}] }));
      if (!errors.some((e) => e.property === property && Object.keys(e.constraints ?? {}).length > 0)) unchecked.push(`${cls.name}.${property}`);
    }
    expect(unchecked).toEqual([]);
    expect(objects).toEqual(expect.arrayContaining(['CreateTournamentDto.profile', 'IssuePenaltyDto.target', 'LodgeAppealDto.appellant']));
  });
});
