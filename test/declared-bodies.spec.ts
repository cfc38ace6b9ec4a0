import { describe, expect, it } from '@jest/globals';
import { CONTROLLERS } from '../apps/records/registry.js';
import { checkedBody, compileBody, DECLARED_BODY, type Schema } from '../libs/api/body-schema.js';

/** Every declared request body the records app serves (the game commands'), with its controller and handler. */
function declaredBodies(): Array<{ route: string; schema: Schema; example?: unknown }> {
  const found: Array<{ route: string; schema: Schema; example?: unknown }> = [];
  for (const controller of CONTROLLERS)
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[name];
      const body =
        typeof handler === 'function' ? (Reflect.getMetadata(DECLARED_BODY, handler) as { schema: Schema; example?: unknown } | undefined) : undefined;
      if (body) found.push({ route: `${controller.name}.${name}`, ...body });
    }
  return found;
}

describe('declared request bodies (compiled on first use)', () => {
  it('compiles every declared body under ajv strict mode, so none first fails on a client request', () => {
    const bodies = declaredBodies();
    // Every discipline's game commands (about 80): a broken scan would check nothing.
    expect(bodies.length).toBeGreaterThan(60);
    const failed = bodies.flatMap(({ route, schema }) => {
      try {
        compileBody(schema)();
        return [];
      } catch (e) {
        return [`${route}: ${(e as Error).message}`];
      }
    });
    expect(failed).toEqual([]);
  });

  it('accepts each declared example with its own check', () => {
    const examples = declaredBodies().filter((b) => b.example !== undefined);
    expect(examples.length).toBeGreaterThan(0);
    const refused = examples.flatMap(({ route, schema, example }) => {
      try {
        checkedBody(compileBody(schema), example);
        return [];
      } catch (e) {
        return [`${route}: ${(e as Error).message}`];
      }
    });
    expect(refused).toEqual([]);
  });
});
