/**
 * JSON schemas as the fuzz reads them (from the OpenAPI document and the socket protocol's zod
 * schemas): a valid sample value for a schema, and the scalar fields in a sample to put bad
 * values into.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  default?: unknown;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
}

type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

/** The JSON types a schema accepts; empty for "anything" ({} / unknown). */
export function kindsOf(schema: JsonSchema): Set<Kind> {
  const kinds = new Set<Kind>();
  const add = (k: string) => kinds.add((k === 'integer' ? 'number' : k) as Kind);
  if (schema.type) (Array.isArray(schema.type) ? schema.type : [schema.type]).forEach(add);
  for (const v of [...(schema.enum ?? []), ...('const' in schema ? [schema.const] : [])]) {
    add(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  }
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    kindsOf(branch).forEach((k) => kinds.add(k));
  }
  return kinds;
}

const branches = (s: JsonSchema) => [...(s.anyOf ?? []), ...(s.oneOf ?? [])];

/**
 * The object form of a schema (itself, or its object branch), if it has one. Among several
 * object branches (a discriminated union), the one whose constants the value carries.
 */
function objectForm(schema: JsonSchema, value?: unknown): JsonSchema | undefined {
  if (schema.properties) return schema;
  const forms = branches(schema)
    .map((b) => objectForm(b, value))
    .filter((f): f is JsonSchema => f !== undefined);
  const v = (value ?? {}) as Record<string, unknown>;
  const matches = (f: JsonSchema) =>
    Object.entries(f.properties ?? {}).every(([k, p]) => !('const' in p) || v[k] === p.const);
  return forms.find(matches) ?? forms[0];
}

function arrayForm(schema: JsonSchema): JsonSchema | undefined {
  if (schema.items) return schema;
  return branches(schema).map(arrayForm).find(Boolean);
}

/** Sample values for fields, by dotted path ("voteList", "title") or by the field's own name. */
export type Samples = Record<string, unknown>;

/**
 * A valid-looking value for a schema: the sample for the field when one is given, else the
 * first enum value / const / first branch / a placeholder of the right type. Objects get every
 * property, arrays one element, so that every field is there to be fuzzed.
 */
export function sampleOf(schema: JsonSchema, samples: Samples, path: string[] = []): unknown {
  const key = path.join('.');
  const name = path[path.length - 1] ?? '';
  if (schema.enum?.length) return schema.enum[0];
  if ('const' in schema) return schema.const;
  if (key in samples) return samples[key];
  if (name in samples && path.length > 0) return samples[name];
  const object = objectForm(schema);
  if (object) {
    const out: Record<string, unknown> = {};
    for (const [prop, sub] of Object.entries(object.properties ?? {})) {
      if (kindsOf(sub).size === 0 && !objectForm(sub)) continue; // "anything": nothing to fuzz
      out[prop] = sampleOf(sub, samples, [...path, prop]);
    }
    return out;
  }
  const array = arrayForm(schema);
  if (array) return [sampleOf(array.items!, samples, path)];
  const first = branches(schema)[0];
  if (first) return sampleOf(first, samples, path);
  if (schema.default !== undefined) return schema.default;
  const kinds = kindsOf(schema);
  if (kinds.has('string')) return 'fuzz'.padEnd(schema.minLength ?? 0, 'z');
  if (kinds.has('number')) return schema.minimum ?? 1;
  if (kinds.has('boolean')) return true;
  return null;
}

export interface Leaf {
  /** Property names and array indexes from the root. */
  path: (string | number)[];
  value: unknown;
  schema: JsonSchema;
  kinds: Set<Kind>;
}

/** The scalar fields of a sample value, each with the schema it is checked against. */
export function leavesOf(
  schema: JsonSchema,
  value: unknown,
  path: (string | number)[] = [],
): Leaf[] {
  const object = objectForm(schema, value);
  if (object && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([prop, v]) => {
      const sub = object.properties?.[prop];
      return sub ? leavesOf(sub, v, [...path, prop]) : [];
    });
  }
  const array = arrayForm(schema);
  if (array && Array.isArray(value) && value.length > 0) {
    return leavesOf(array.items!, value[0], [...path, 0]);
  }
  const kinds = kindsOf(schema);
  // "Anything" has nothing to fuzz; a constant is a discriminator (fuzzed on its own).
  if (kinds.size === 0 || 'const' in schema) return [];
  // A value given as a JSON string where the schema wants an object/array (form style).
  if (object ?? array) kinds.add('string');
  return [{ path, value, schema, kinds }];
}

export function withValue(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

export const fieldName = (path: (string | number)[]) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : p))
    .join('.')
    .replace(/\.\[/g, '[');
