import fc from 'fast-check';
import { z } from 'zod';

/** The subset of JSON Schema (draft 2020-12) that `z.toJSONSchema` writes for Urbana's schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** The JSON Schema of what a zod schema accepts (its input side: before transforms and defaults). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * A field-name hint: a better generator for a property or parameter of that name (a real id, a valid
 * CPF, a bookable date…), or undefined to use the schema's own.
 */
export type Hint = (key: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;

const MAX_STRING = 40;
const MAX_ARRAY = 3;

/** Strings of every kind: printable ASCII most often, any code point, and combining graphemes. */
function text(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const constraints = { minLength, maxLength: Math.max(minLength, maxLength) };
  return fc.oneof(
    { weight: 4, arbitrary: fc.string(constraints) },
    { weight: 1, arbitrary: fc.string({ ...constraints, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ ...constraints, unit: 'binary' }) },
  );
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? MAX_STRING, Math.max(min, MAX_STRING));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date')
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    // stringMatching may build longer strings than allowed: keep the pattern, trim to the limit.
    return fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, schema.maxLength ?? s.length));
  }
  return text(min, max);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lower = schema.exclusiveMinimum ?? schema.minimum;
  const upper = schema.exclusiveMaximum ?? schema.maximum;
  if (integer) {
    const min = Math.max(Math.ceil(lower ?? Number.MIN_SAFE_INTEGER), Number.MIN_SAFE_INTEGER);
    const max = Math.min(Math.floor(upper ?? Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);
    // The edges (of the schema, of PostgreSQL's integer and bigint) are where the bugs are.
    const edges = [min, max, 0, 1, -1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53 - 1].filter(
      (n) => n >= min && n <= max,
    );
    const any = fc.integer({ min: Math.min(min, max), max });
    return edges.length
      ? fc.oneof({ weight: 4, arbitrary: any }, { weight: 1, arbitrary: fc.constantFrom(...edges) })
      : any;
  }
  return fc.double({
    ...(lower !== undefined ? { min: lower, minExcluded: schema.exclusiveMinimum !== undefined } : {}),
    ...(upper !== undefined ? { max: upper, maxExcluded: schema.exclusiveMaximum !== undefined } : {}),
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/**
 * A fast-check arbitrary of values that match `schema` (within what JSON Schema says: zod refinements
 * such as a CPF check digit are not in it, so some values are still refused, which is fine here).
 */
export function schemaArbitrary(
  schema: JsonSchema,
  hint: Hint = () => undefined,
  root: JsonSchema = schema,
): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    const target = name === '#' ? root : root.$defs?.[name];
    return target ? fc.constant(null).chain(() => schemaArbitrary(target, hint, root)) : fc.jsonValue();
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => schemaArbitrary(s, hint, root)));
  if (schema.allOf?.length)
    return schemaArbitrary(Object.assign({}, ...schema.allOf) as JsonSchema, hint, root);

  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1) {
    return fc.oneof(...type.map((t) => schemaArbitrary({ ...schema, type: t }, hint, root)));
  }
  switch (type[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (schema.prefixItems)
        return fc.tuple(...schema.prefixItems.map((s) => schemaArbitrary(s, hint, root)));
      const min = schema.minItems ?? 0;
      const max = Math.max(min, Math.min(schema.maxItems ?? MAX_ARRAY, MAX_ARRAY));
      return fc.array(schemaArbitrary(schema.items ?? {}, hint, root), { minLength: min, maxLength: max });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) {
        model[key] = hint(key, property) ?? schemaArbitrary(property, hint, root);
      }
      const required = (schema.required ?? []).filter((k) => k in model);
      return fc.record(model, { requiredKeys: required });
    }
    default:
      // An empty schema (z.unknown, z.any, a transform's output): any JSON value.
      return fc.jsonValue({ maxDepth: 2 });
  }
}
