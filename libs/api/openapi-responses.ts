import type { OpenAPIObject, ReferenceObject } from '@nestjs/swagger';
import { RESPONSE_SCHEMAS } from './response-schemas.generated.js';

/** A response typed in `responses.ts` (and the types it refers to). */
export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;

/** The schema of an answer typed in `responses.ts`, for `@ApiOkResponse({ schema })`. */
export const responseSchema = (name: ResponseSchemaName): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

/** The names of the component schemas `value` refers to (`$ref: '#/components/schemas/<name>'`), anywhere inside it. */
function referenced(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) referenced(v, into);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) into.add(v.slice('#/components/schemas/'.length));
      else referenced(v, into);
    }
  return into;
}

/**
 * The document with the answers' schemas among its components: those its routes name and the types they refer to, no
 * other (a type only a server-side document uses is no client's concern). A name Nest gave a request class is not reused.
 */
export function withResponseSchemas(doc: OpenAPIObject): OpenAPIObject {
  const schemas = { ...doc.components?.schemas };
  for (const name of Object.keys(RESPONSE_SCHEMAS))
    if (Object.hasOwn(schemas, name)) throw new Error(`OpenAPI schema ${name} is both a request class and a response type: rename one`);
  const all = RESPONSE_SCHEMAS as Record<string, unknown>;
  const wanted = [...referenced(doc.paths, new Set())].filter((name) => Object.hasOwn(all, name));
  for (let i = 0; i < wanted.length; i++) {
    const name = wanted[i];
    if (Object.hasOwn(schemas, name)) continue;
    schemas[name] = all[name] as (typeof schemas)[string];
    for (const next of referenced(all[name], new Set())) if (!wanted.includes(next)) wanted.push(next);
  }
  return { ...doc, components: { ...doc.components, schemas } };
}
