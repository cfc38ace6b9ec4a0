import type { Type } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { targetConstructorToSchema, validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { ONLY_WHEN } from './omittable.js';
import type { RouteHandler } from './openapi-routes.js';

/** What a class-validator rule says about a value that the OpenAPI schema can say too. */
const KEYWORDS = ['pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'enum', 'format'] as const;

/**
 * Bounds without a type: class-validator-jsonschema's own converters add `type: number` to `@Min`, `@Max`, `@IsPositive`
 * and `@IsNegative`, and merge a property's rules in decorator order, so `@Min(0)` written after `@IsInt()` turned the
 * property's `integer` back into `number`. The documented type is swagger's; `@IsInt()` alone refines it.
 */
const OPTIONS = {
  additionalConverters: {
    min: (meta: { constraints: number[] }) => ({ minimum: meta.constraints[0] }),
    max: (meta: { constraints: number[] }) => ({ maximum: meta.constraints[0] }),
    isPositive: { exclusiveMinimum: 0 },
    isNegative: { exclusiveMaximum: 0 },
    // A field of some kinds only: its condition, stated in the property's description by `merge`.
    [ONLY_WHEN]: (meta: { constraints: string[] }) => ({ [ONLY_WHEN_KEY]: meta.constraints[0] }),
  },
};
const ONLY_WHEN_KEY = 'x-only-when';

/** An OpenAPI schema object, as far as this file reads it. */
type Schema = { [keyword: string]: unknown; type?: string; properties?: Record<string, Schema>; items?: Schema };

/** Copies the keywords `rule` states and `documented` does not; `integer` refines a documented `number`. */
function merge(documented: Schema, rule: Schema): void {
  for (const k of KEYWORDS) if (rule[k] !== undefined && documented[k] === undefined) documented[k] = rule[k];
  // class-validator-jsonschema writes JSON Schema's numeric bounds (`exclusiveMinimum: 0`, from @IsPositive); OpenAPI 3.0
  // says `minimum: 0` with `exclusiveMinimum: true`.
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof rule[exclusive] === 'number' && documented[bound] === undefined) {
      documented[bound] = rule[exclusive];
      documented[exclusive] = true;
    }
  }
  if (rule.type === 'integer' && (documented.type === 'number' || documented.type === undefined)) documented.type = 'integer';
  const when = rule[ONLY_WHEN_KEY];
  if (typeof when === 'string' && !String(documented.description ?? '').includes(`Applies only ${when}`))
    documented.description = `${documented.description ? `${String(documented.description)}. ` : ''}Applies only ${when}: required there, refused elsewhere (rule onlyWhen)`;
}

/**
 * The requests' class-validator rules (patterns, lengths, bounds, enums, list sizes, integers) written into the OpenAPI
 * document where `@ApiProperty` does not already state them, so a client, or a generator of clients, sees what the
 * server checks (class-validator-jsonschema reads the rules):
 * - bodies: into the schemas of the same name (request class names are unique, libs/api/required-objects.spec.ts, so
 *   a schema's name is its class);
 * - query and path parameters: from the class a route reads them into (`@Query() q: StandingsQuery`), found through
 *   `handlers` (`routeHandlers`).
 * A field of some kinds only (`@OnlyWhen`) has its condition in its description (OpenAPI 3.0 cannot make a property
 * depend on another); rules in code (custom validators) are not expressed. The server's 400 names both.
 */
export function withValidationRules(document: OpenAPIObject, handlers: ReadonlyMap<string, RouteHandler>): OpenAPIObject {
  const rules = validationMetadatasToSchemas(OPTIONS) as Record<string, Schema>;
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  for (const [name, schema] of Object.entries(schemas)) {
    const checked = rules[name]?.properties;
    if (!checked || !schema.properties) continue;
    for (const [property, documented] of Object.entries(schema.properties)) {
      const rule = checked[property];
      if (!rule || '$ref' in documented) continue;
      merge(documented, rule);
      if (documented.items && !('$ref' in documented.items) && rule.items) merge(documented.items, rule.items);
    }
  }
  // The server refuses a property a request class does not declare (the validation pipe's whitelist): every schema a
  // request body reaches says so.
  const seen = new Set<string>();
  const close = (schema: Schema | undefined): void => {
    if (!schema) return;
    const ref = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop()! : undefined;
    if (ref !== undefined) {
      if (seen.has(ref) || !schemas[ref]) return;
      seen.add(ref);
      schemas[ref].additionalProperties = false;
      return close(schemas[ref]);
    }
    for (const nested of [...Object.values(schema.properties ?? {}), schema.items, ...((schema.allOf ?? []) as Schema[])]) close(nested);
  };
  for (const item of Object.values(document.paths))
    for (const op of Object.values(item as Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>))
      for (const media of Object.values(op.requestBody?.content ?? {})) close(media.schema);
  // A parameter class's rules from the class itself and its ancestors (by name, two query classes of one name in
  // different modules would be merged, and a subclass without rules of its own would have none).
  const classRules = new Map<Type, Record<string, Schema>>();
  const rulesOf = (cls: Type) => {
    let found = classRules.get(cls);
    if (!found) classRules.set(cls, (found = (targetConstructorToSchema(cls, OPTIONS) as Schema).properties ?? {}));
    return found;
  };
  for (const item of Object.values(document.paths))
    for (const op of Object.values(item as Record<string, { operationId?: string; parameters?: Array<{ in: string; name: string; schema?: Schema }> }>)) {
      const handler = op.operationId === undefined ? undefined : handlers.get(op.operationId);
      if (!handler) continue;
      for (const parameter of op.parameters ?? []) {
        const from = parameter.in === 'query' ? handler.query : parameter.in === 'path' ? handler.params : undefined;
        const rule = from && rulesOf(from)[parameter.name];
        if (rule && parameter.schema && !('$ref' in parameter.schema)) merge(parameter.schema, rule);
      }
    }
  return document;
}
