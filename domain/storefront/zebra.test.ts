import { describe, expect, it } from "vitest";
import {
  findSoldZebraFabric,
  findZebraFabric,
  isFabricSold,
  soldZebraCollections,
  ZEBRA_COLLECTIONS,
} from "./zebra";

/** The shipped collections with Tropic's Palm withdrawn. */
const WITH_PALM_WITHDRAWN = ZEBRA_COLLECTIONS.map((c) => ({
  ...c,
  fabrics: c.fabrics.map((f) => (f.slug === "palm" ? { ...f, active: false } : f)),
}));

describe("zebra fabrics still sold", () => {
  it("a fabric is sold unless withdrawn (seeds carry no flag)", () => {
    expect(ZEBRA_COLLECTIONS.flatMap((c) => c.fabrics).every(isFabricSold)).toBe(true);
    expect(
      isFabricSold({ slug: "x", name: "X", code: "QV-1", hex: "#000000", active: false }),
    ).toBe(false);
  });

  it("a withdrawn fabric can't be chosen but still names what holds it", () => {
    expect(findSoldZebraFabric(WITH_PALM_WITHDRAWN, "tropic", "palm")).toBeUndefined();
    expect(findZebraFabric(WITH_PALM_WITHDRAWN, "tropic", "palm")).toMatchObject({
      name: "Palm",
      code: "QV-1006",
    });
    expect(findSoldZebraFabric(WITH_PALM_WITHDRAWN, "tropic", "coral")?.code).toBe("QV-1007");
    expect(findSoldZebraFabric(WITH_PALM_WITHDRAWN, "melrose", "palm")).toBeUndefined();
  });

  it("offers shoppers only the fabrics still sold", () => {
    const tropic = soldZebraCollections(WITH_PALM_WITHDRAWN).find((c) => c.slug === "tropic");
    expect(tropic?.fabrics.map((f) => f.slug)).toEqual(["coral", "lagoon", "sandbar"]);
    expect(tropic?.upchargeCentsPerSqFt).toBe(12_00);
  });
});
