import { describe, expect, it } from "vitest";
import { productCartItemFromForm, trackCartItemFromForm } from "./cart-form";

const product = { id: 7, type: "vertical-blinds" };

describe("a product page's sizes", () => {
  it.each([
    ["36 1/2", "48", 36.5, 48],
    ["24", "72 3/8", 24, 72.375],
  ])("%s × %s → %d × %d inches", (width, height, w, h) => {
    const result = productCartItemFromForm({ width, height }, product);
    expect(result.ok).toBe(true);
    if (result.ok) expect([result.item.width, result.item.height]).toEqual([w, h]);
  });

  it.each([
    ["36", "", ["height"]],
    ["", "48", ["width"]],
    ["abc", "", ["height", "width"]],
  ])("%o × %o → refused at %o", (width, height, fields) => {
    const result = productCartItemFromForm({ width, height }, product);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors).sort()).toEqual(fields);
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
