/** Tables for the two new forms: free samples and free in-home estimates. */
import { describe, expect, it } from "vitest";
import { estimateRequestFromForm, estimateRequestSchema } from "./estimate-schema";
import { checkSampleItems, sampleRequestFromForm, sampleRequestSchema } from "./samples-schema";

const SAMPLES = {
  name: "Dana Reyes",
  email: "Dana@Example.com",
  address: "12 Palm Ave",
  city: "Cape Coral",
  zipCode: "33904",
  items: [{ productType: "vinyl", color: "white" }],
};

const ESTIMATE = {
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana@example.com",
  phone: "239 555 0100",
  address: "12 Palm Ave",
  city: "Cape Coral",
  zipCode: "33904",
  windowCount: 3,
};

function paths(schema: typeof sampleRequestSchema | typeof estimateRequestSchema, input: unknown) {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
}

describe("sampleRequestSchema", () => {
  it("accepts 1 to 5 samples and lower-cases the email", () => {
    const out = sampleRequestSchema.parse(SAMPLES);
    expect(out.email).toBe("dana@example.com");
    expect(out.items).toEqual([{ productType: "vinyl", color: "white" }]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["no items", { items: [] }, "items"],
    [
      "six items",
      { items: Array.from({ length: 6 }, (_, i) => ({ productType: "vinyl", color: `c${i}` })) },
      "items",
    ],
    ["items not a list", { items: "vinyl:white" }, "items"],
    ["the same sample twice", { items: [SAMPLES.items[0], SAMPLES.items[0]] }, "items"],
    [
      "unknown product type",
      { items: [{ productType: "curtains", color: "white" }] },
      "items.0.productType",
    ],
    [
      "track replacement has no samples",
      { items: [{ productType: "track-replacement", color: "white" }] },
      "items.0.productType",
    ],
    ["color missing", { items: [{ productType: "vinyl" }] }, "items.0.color"],
    ["color blank", { items: [{ productType: "vinyl", color: "  " }] }, "items.0.color"],
    ["name missing", { name: "" }, "name"],
    ["name of symbols", { name: "---" }, "name"],
    ["email invalid", { email: "dana@" }, "email"],
    ["address missing", { address: "" }, "address"],
    ["city too long", { city: "x".repeat(61) }, "city"],
    ["ZIP letters", { zipCode: "ABCDE" }, "zipCode"],
  ])("refuses %s", (_label, change, path) => {
    expect(paths(sampleRequestSchema, { ...SAMPLES, ...change })).toContain(path);
  });

  it("reads the form's checkboxes", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...SAMPLES, items: undefined })) if (v) form.set(k, v);
    form.append("sample", "vinyl:white");
    form.append("sample", "zebra-shades:palm");
    expect(sampleRequestFromForm(form).items).toEqual([
      { productType: "vinyl", color: "white" },
      { productType: "zebra-shades", color: "palm" },
    ]);
  });
});

describe("checkSampleItems", () => {
  const catalog = new Map([
    ["vinyl", new Set(["white", "ivory"])],
    ["zebra-shades", new Set(["cascade", "palm"])],
  ]);
  it.each<
    [string, { productType: "vinyl" | "zebra-shades" | "fabric"; color: string }[], string | null]
  >([
    ["a colour of the product", [{ productType: "vinyl", color: "ivory" }], null],
    ["a zebra fabric", [{ productType: "zebra-shades", color: "palm" }], null],
    [
      "a colour of another product",
      [{ productType: "vinyl", color: "charcoal" }],
      "items.0.color must be one of white, ivory for vinyl",
    ],
    ["a colour key for zebra", [{ productType: "zebra-shades", color: "white" }], "items.0.color"],
    ["an inactive product", [{ productType: "fabric", color: "white" }], "items.0.productType"],
  ])("%s", (_label, items, message) => {
    const out = checkSampleItems(items, catalog);
    if (message === null) expect(out).toBeNull();
    else {
      expect(out?.message).toContain(message);
      // The field is named by its path, not read back out of the message.
      expect(message.startsWith(out?.path ?? "?")).toBe(true);
    }
  });
});

describe("estimateRequestSchema", () => {
  it("accepts the required fields and fills the optional ones", () => {
    expect(estimateRequestSchema.parse(ESTIMATE)).toMatchObject({
      phone: "(239) 555-0100",
      windowCount: 3,
      productTypes: [],
      preferredWindow: null,
      message: null,
    });
  });

  it("keeps each product type once and takes track replacement", () => {
    const out = estimateRequestSchema.parse({
      ...ESTIMATE,
      productTypes: ["vinyl", "vinyl", "track-replacement"],
    });
    expect(out.productTypes).toEqual(["vinyl", "track-replacement"]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["no windows", { windowCount: 0 }, "windowCount"],
    ["101 windows", { windowCount: 101 }, "windowCount"],
    ["half a window", { windowCount: 1.5 }, "windowCount"],
    ["windows as text", { windowCount: "three" }, "windowCount"],
    ["unknown product", { productTypes: ["curtains"] }, "productTypes.0"],
    ["product types not a list", { productTypes: "vinyl" }, "productTypes"],
    ["unknown visit window", { preferredWindow: "sunday" }, "preferredWindow"],
    ["message too long", { message: "x".repeat(2001) }, "message"],
    ["phone too short", { phone: "555-0100" }, "phone"],
    ["first name missing", { firstName: "" }, "firstName"],
    ["last name missing", { lastName: undefined }, "lastName"],
    ["ZIP+4 malformed", { zipCode: "33904-12" }, "zipCode"],
  ])("refuses %s", (_label, change, path) => {
    expect(paths(estimateRequestSchema, { ...ESTIMATE, ...change })).toContain(path);
  });

  it("reads the multipart form's text fields (numbers, lists, empties)", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(ESTIMATE)) form.set(k, String(v));
    form.set("windowCount", " 4 ");
    form.append("productTypes", "vinyl");
    form.append("productTypes", "aluminum");
    form.set("preferredWindow", "");
    form.append("photos", new File([new Uint8Array([1])], "a.jpg"));
    const out = estimateRequestSchema.parse(estimateRequestFromForm(form));
    expect(out).toMatchObject({
      windowCount: 4,
      productTypes: ["vinyl", "aluminum"],
      preferredWindow: null,
    });
    form.set("windowCount", "many");
    expect(paths(estimateRequestSchema, estimateRequestFromForm(form))).toContain("windowCount");
  });
});
