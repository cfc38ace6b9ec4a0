/**
 * A minimal request body per route, from the route's own OpenAPI request schema: each required
 * property's `example` (the examples the API documents at /docs), nested objects and arrays built
 * the same way. A matrix row's `body` replaces it when the example alone does not pass validation.
 */
interface Schema {
  $ref?: string;
  example?: unknown;
  type?: string;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema; example?: unknown }> } }>>;
  components?: { schemas?: Record<string, Schema> };
}

function build(doc: OpenApiDocument, schema: Schema, depth = 0): unknown {
  if (depth > 10) throw new Error('request schema nested deeper than 10 levels');
  const s = schema.$ref ? (doc.components?.schemas?.[schema.$ref.split('/').pop() as string] ?? {}) : schema;
  if (s.example !== undefined) return s.example;
  const first = s.allOf?.[0] ?? s.oneOf?.[0] ?? s.anyOf?.[0];
  if (first) return build(doc, first, depth + 1);
  if (s.enum) return s.enum[0];
  if (s.type === 'array') return s.items ? [build(doc, s.items, depth + 1)] : [];
  if (s.type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    for (const key of s.required ?? []) out[key] = build(doc, s.properties?.[key] ?? {}, depth + 1);
    return out;
  }
  return s.type === 'integer' || s.type === 'number' ? 1 : s.type === 'boolean' ? false : 'x';
}

/** `/v1/tournaments/:id` → `/v1/tournaments/{id}` (OpenAPI's form). */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The documented example body of `method path` (the route's own, else built from its schema), or `{}` when it documents none. */
export function exampleBody(doc: OpenApiDocument, method: string, path: string): Record<string, unknown> {
  const op = doc.paths[openApiPath(path)]?.[method.toLowerCase()];
  const media = op?.requestBody?.content?.['application/json'];
  if (media?.example !== undefined) return media.example as Record<string, unknown>;
  return media?.schema ? (build(doc, media.schema) as Record<string, unknown>) : {};
}
