import type { OpenAPIObject, ReferenceObject } from '@nestjs/swagger';
import { RESPONSE_SCHEMAS } from './response-schemas.generated.js';

/** A response typed in `responses.ts` (and the types it refers to). */
export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;

/** The schema of an answer typed in `responses.ts`, for `@ApiOkResponse({ schema })`. */
export const responseSchema = (name: ResponseSchemaName): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

/** The document with the answers' schemas among its components (a name Nest gave a request class is not reused). */
export function withResponseSchemas(doc: OpenAPIObject): OpenAPIObject {
  const schemas = { ...doc.components?.schemas };
  for (const [name, schema] of Object.entries(RESPONSE_SCHEMAS)) {
    if (Object.hasOwn(schemas, name)) throw new Error(`OpenAPI schema ${name} is both a request class and a response type: rename one`);
    schemas[name] = schema;
  }
  return { ...doc, components: { ...doc.components, schemas } };
}
