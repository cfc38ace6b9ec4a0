import type { OpenAPIObject } from '@nestjs/swagger';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';

/** What a class-validator rule says about a value that the OpenAPI schema can say too. */
const KEYWORDS = ['pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'enum', 'format'] as const;

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
}

/**
 * The request bodies' class-validator rules (patterns, lengths, bounds, enums, list sizes, integers) written into the
 * OpenAPI schemas of the same name (class-validator-jsonschema reads them), where `@ApiProperty` does not already state
 * them: a client, or a generator of clients, sees what the server checks. Request class names are unique
 * (libs/api/required-objects.spec.ts), so a schema's name is its class. Rules that depend on another field
 * (`@ValidateIf`) or on code (custom validators) are not expressed; the server's 400 still names them.
 */
export function withValidationRules(document: OpenAPIObject): OpenAPIObject {
  const rules = validationMetadatasToSchemas() as Record<string, Schema>;
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
  return document;
}
