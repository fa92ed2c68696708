import fc from 'fast-check';

/** Values that have broken servers before: NUL, lone surrogates, number edge cases, markup, paths. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '\ufeff',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '%00',
  '%',
  '../../../etc/passwd',
  '..\\..\\windows',
  '//evil.example',
  'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M',
  '😀'.repeat(50),
  'x'.repeat(5000),
];

export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1.5,
  10.000000001,
  1e308,
  -1e308,
  5e-324,
  2 ** 53 + 2,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
];

/** Any UTF-16 code unit, NUL and lone surrogates included. */
const codeUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) });

function deep(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Any JSON value a hostile client might put where a field is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  codeUnits,
  fc.constantFrom(null, true, false, [], {}, [null], deep(30), deep(70)),
  fc.jsonValue({ maxDepth: 3 }),
);

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
}

/**
 * An arbitrary of values shaped like a zod (or zod/mini) schema, mostly valid-looking, with a
 * hostile value in place of any field now and then. `strings` are real ids and names to draw from,
 * so generated requests also reach past the "not found" checks.
 */
export function arbitraryFor(schema: unknown, strings: string[] = []): fc.Arbitrary<unknown> {
  const def = (schema as ZodLike)._zod.def;
  const typed = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'object': {
        const shape = def.shape as Record<string, unknown>;
        const fields = Object.fromEntries(
          Object.entries(shape).map(([key, value]) => [key, arbitraryFor(value, strings)]),
        );
        return fc.record(fields, { requiredKeys: [] });
      }
      case 'optional':
        return fc.option(arbitraryFor(def.innerType, strings), { nil: undefined });
      case 'nullable':
        return fc.option(arbitraryFor(def.innerType, strings), { nil: null });
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
        return arbitraryFor(def.innerType, strings);
      case 'pipe':
        return arbitraryFor(def.in, strings);
      case 'string':
        return fc.oneof(fc.string({ maxLength: 40 }), ...(strings.length ? [fc.constantFrom(...strings)] : []));
      case 'number':
        return fc.oneof(fc.integer({ min: -2, max: 12 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
      case 'literal':
        return fc.constantFrom(...(def.values as unknown[]));
      case 'array':
        return fc.array(arbitraryFor(def.element, strings), { maxLength: 5 });
      case 'record':
        return fc.dictionary(fc.string({ maxLength: 10 }), arbitraryFor(def.valueType, strings), { maxKeys: 5 });
      case 'union':
        return fc.oneof(...(def.options as unknown[]).map((option) => arbitraryFor(option, strings)));
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: hostileValue });
}

/** A request body as JSON text: the generated value, sometimes with prototype keys or extra fields. */
export function bodyText(value: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: value.map((v) => {
        const json = JSON.stringify(v) ?? 'null';
        return json.startsWith('{') && json !== '{}'
          ? `{"__proto__":{"role":"admin"},${json.slice(1)}`
          : '{"__proto__":{"role":"admin"}}';
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          value,
          fc.dictionary(fc.constantFrom('constructor', 'prototype', 'role', 'userId', 'id', 'toString'), hostileValue),
        )
        .map(([v, extra]) =>
          JSON.stringify(typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...extra, ...v } : extra),
        ),
    },
  );
}
