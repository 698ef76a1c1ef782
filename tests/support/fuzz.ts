/**
 * Bad requests, generated: deterministic (seeded) so a failure can be replayed. Each case is a
 * raw HTTP body with a content type, built by breaking a valid sample body in every way a
 * careless or hostile client could: wrong types, missing and extra fields, huge, negative and
 * fractional numbers, long strings, deep nesting, __proto__/constructor keys, malformed JSON and
 * wrong content types.
 */

export interface FuzzCase {
  label: string;
  /** Raw body; undefined sends none. */
  body: string | undefined;
  contentType: string | undefined;
}

/** Mulberry32: small, fast, good enough to pick mutations reproducibly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function deepObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

function deepArray(depth: number): string {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

/** Values that are wrong for nearly every field; raw JSON text so 1e999 and -0 survive. */
export const BAD_VALUES: readonly string[] = [
  "null",
  '""',
  '" "',
  "true",
  "false",
  "0",
  "-0",
  "-1",
  "-999999",
  "0.5",
  "-0.5",
  "1.0000001",
  "2.5",
  "1e308",
  "-1e308",
  "1e999",
  "-1e999",
  "9007199254740993",
  "123456789012345678901234567890",
  '"NaN"',
  '"Infinity"',
  '"12"',
  '"36.5"',
  '"true"',
  "[]",
  "[1,2,3]",
  "{}",
  '{"$gt":""}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  JSON.stringify("x".repeat(5_000)),
  JSON.stringify("é✓😀".repeat(2_000)),
  JSON.stringify("<script>alert(1)</script>"),
  JSON.stringify("'; DROP TABLE orders; --"),
  JSON.stringify("\u0000\u0001\u001f"),
  JSON.stringify("\ud800"),
  JSON.stringify("../../etc/passwd"),
  JSON.stringify("%00%0d%0aSet-Cookie: x=1"),
  deepObject(200),
  deepArray(200),
];

const MALFORMED: readonly string[] = [
  "",
  "{",
  "}",
  "{nope}",
  '{"a":1,}',
  "{'a':1}",
  '{"a":undefined}',
  '{"a":NaN}',
  "[",
  "nul",
  "\u0000",
  '{"a":"\\u12"}',
  '\ufeff{"a":1}',
  "<xml/>",
  "a=1&b=2",
  deepObject(4_000),
  deepArray(20_000),
];

const CONTENT_TYPES: readonly (string | undefined)[] = [
  undefined,
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=utf-16",
  "application/jsonx",
  "",
];

function objectText(entries: [string, string][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`;
}

/** At least `count` bad requests derived from `sample` (a valid body for the endpoint). */
export function fuzzCases(
  sample: Record<string, unknown>,
  count: number,
  seed: number,
): FuzzCase[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const json = "application/json";
  const fields: [string, string][] = Object.entries(sample).map(([k, v]) => [k, JSON.stringify(v)]);
  const keys = fields.map(([k]) => k);
  const cases: FuzzCase[] = [];

  for (const body of MALFORMED) cases.push({ label: "malformed JSON", body, contentType: json });
  for (const contentType of CONTENT_TYPES) {
    cases.push({ label: `content type ${contentType}`, body: JSON.stringify(sample), contentType });
  }
  for (const body of ["null", "[]", "0", '"text"', "true", "{}", `[${JSON.stringify(sample)}]`]) {
    cases.push({ label: "not an object", body, contentType: json });
  }
  cases.push({ label: "no body", body: undefined, contentType: json });
  for (const key of keys) {
    cases.push({
      label: `missing ${key}`,
      body: objectText(fields.filter(([k]) => k !== key)),
      contentType: json,
    });
  }
  for (const key of ["__proto__", "constructor", "prototype"]) {
    const payload =
      key === "constructor" ? '{"prototype":{"polluted":"yes"}}' : '{"polluted":"yes"}';
    cases.push({
      label: `${key} key`,
      body: objectText([[key, payload], ...fields]),
      contentType: json,
    });
  }
  // Every field × every bad value, as far as the budget allows, then random combinations.
  for (const key of keys) {
    for (const value of BAD_VALUES) {
      cases.push({
        label: `${key}=${value.slice(0, 30)}`,
        body: objectText(fields.map(([k, v]) => [k, k === key ? value : v])),
        contentType: json,
      });
    }
  }
  // Nested objects (customerInfo, totals, motorOptions, configuration): break each inner field.
  for (const [key, value] of Object.entries(sample)) {
    if (!value || typeof value !== "object" || Array.isArray(value)) continue;
    const inner: [string, string][] = Object.entries(value).map(([k, v]) => [k, JSON.stringify(v)]);
    for (const [innerKey] of inner) {
      for (let i = 0; i < 8; i++) {
        const broken = objectText(
          inner.map(([k, v]) => [k, k === innerKey ? pick(BAD_VALUES) : v]),
        );
        cases.push({
          label: `${key}.${innerKey} broken`,
          body: objectText(fields.map(([k, v]) => [k, k === key ? broken : v])),
          contentType: json,
        });
      }
    }
    cases.push({
      label: `${key}.__proto__`,
      body: objectText(
        fields.map(([k, v]) => [
          k,
          k === key ? objectText([["__proto__", '{"polluted":"yes"}'], ...inner]) : v,
        ]),
      ),
      contentType: json,
    });
  }
  while (cases.length < count) {
    const mutated = fields.map(([k, v]): [string, string] => [
      k,
      random() < 0.4 ? pick(BAD_VALUES) : v,
    ]);
    const kept = mutated.filter(() => random() > 0.15);
    if (random() < 0.5) kept.push([`extra${Math.floor(random() * 1000)}`, pick(BAD_VALUES)]);
    if (random() < 0.2) kept.push(["__proto__", '{"polluted":"yes","isAdmin":true}']);
    cases.push({ label: "random mutation", body: objectText(kept), contentType: json });
  }
  return cases;
}

/** Path parameters no route should choke on. */
export const BAD_PATH_PARAMS: readonly string[] = [
  "0",
  "-1",
  "1.5",
  "abc",
  "1e3",
  "999999999999999999999999",
  "%00",
  "%2e%2e%2f",
  "null",
  "undefined",
  "__proto__",
  "constructor",
  "%F0%9F%98%80",
  "x".repeat(2_000),
];

/** A body that must never reach a visitor: a stack trace, a file path, an engine message. */
export const LEAK_PATTERN =
  /\n\s+at |\bat [\w$.<>]+ \(|node_modules|file:\/\/|\/work\/|\/home\/|SQLITE_|syntax error at or near|Kysely|ZodError/;
