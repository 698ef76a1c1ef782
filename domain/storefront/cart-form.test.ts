import { describe, expect, it } from "vitest";
import { productCartItemFromForm, trackCartItemFromForm } from "./cart-form";

const product = { id: 7, type: "vertical-blinds" };

describe("a product page's sizes", () => {
  it.each([
    [{ width: "36 1/2", height: "48" }, { ok: true, width: 36.5, height: 48 }],
    [{ width: "36", height: "" }, { ok: false, fields: ["height"] }],
    [{ width: "", height: "48" }, { ok: false, fields: ["width"] }],
    [{ width: "abc", height: "" }, { ok: false, fields: ["height", "width"] }],
  ])("%o → %o", (values, expected) => {
    const result = productCartItemFromForm(values, product);
    if (!expected.ok) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(Object.keys(result.fieldErrors).sort()).toEqual(expected.fields);
      return;
    }
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.item.width).toBe(expected.width);
      expect(result.item.height).toBe(expected.height);
    }
  });
});

describe("a track replacement's sizes", () => {
  it("takes an empty height as none, refuses a bad one", () => {
    const none = trackCartItemFromForm({ width: "60", height: "" });
    expect(none.ok).toBe(true);
    if (none.ok) expect(none.item.height).toBeUndefined();
    const bad = trackCartItemFromForm({ width: "60", height: "abc" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.fieldErrors)).toEqual(["height"]);
  });
});
