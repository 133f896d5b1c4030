import type { Procedure } from '@app/contracts';
import { z } from 'zod';

/** The subset of JSON Schema that zod writes for the procedures' inputs. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  additionalProperties?: JsonSchema | boolean;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** A procedure's input as JSON Schema (input side: defaults make fields optional). */
export function inputSchema(procedure: Procedure): JsonSchema {
  return z.toJSONSchema(procedure.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Resolves `$ref: '#/$defs/x'` against the root schema's definitions. */
export function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/$defs/', '');
  return root.$defs?.[name] ?? {};
}

const SAMPLE_TIME = '2030-01-01T00:00:00Z';

/**
 * A plausible value of a schema: required properties only, the first enum or union member, the smallest number
 * allowed, one array item where one is required. Patterns are not honoured (the generated value may still be refused);
 * callers overlay known valid inputs.
 */
export function sampleOf(schema: JsonSchema, root: JsonSchema = schema, depth = 0): unknown {
  const s = resolve(schema, root);
  if (depth > 12) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) {
    const member = union.find((m) => resolve(m, root).type !== 'null') ?? union[0]!;
    return sampleOf(member, root, depth + 1);
  }
  if (s.allOf?.length) return sampleOf(s.allOf[0]!, root, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'date-time') return SAMPLE_TIME;
      if (s.format === 'date') return SAMPLE_TIME.slice(0, 10);
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'uri') return 'https://example.com/a';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, s.exclusiveMinimum === undefined ? 1 : s.exclusiveMinimum + 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      if (s.prefixItems) return s.prefixItems.map((item) => sampleOf(item, root, depth + 1));
      const count = Math.max(1, s.minItems ?? 0);
      return s.items ? Array.from({ length: count }, () => sampleOf(s.items!, root, depth + 1)) : [];
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of s.required ?? []) {
        const property = s.properties?.[key];
        if (property) value[key] = sampleOf(property, root, depth + 1);
      }
      return value;
    }
    default:
      return {};
  }
}

/** Every integer field of a schema, with its path (`tasks[].claim_size`) and its bounds. */
export function integerFields(schema: JsonSchema, root: JsonSchema = schema, path = '', seen = new Set<string>()) {
  const found: { path: string; minimum?: number; maximum?: number }[] = [];
  const s = resolve(schema, root);
  if (s.$ref) return found;
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return found;
    seen.add(schema.$ref);
  }
  const type = Array.isArray(s.type) ? s.type : [s.type];
  if (type.includes('integer')) found.push({ path, minimum: s.minimum, maximum: s.maximum });
  for (const member of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    found.push(...integerFields(member, root, path, seen));
  }
  if (s.items) found.push(...integerFields(s.items, root, `${path}[]`, seen));
  for (const [key, property] of Object.entries(s.properties ?? {})) {
    found.push(...integerFields(property, root, path ? `${path}.${key}` : key, seen));
  }
  if (typeof s.additionalProperties === 'object') {
    found.push(...integerFields(s.additionalProperties, root, `${path}{}`, seen));
  }
  return found;
}
