import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const ZEBRA = {
  productType: "zebra-shades",
  width: 36,
  height: 48,
  widthFraction: 0,
  heightFraction: 0,
  fabric: "cascade",
  fabricCollection: "melrose",
  mountType: "inside",
  controlType: "cordless",
  motorOptions: { remote: true, smartHome: false, batteryWand: false },
  valance: true,
  includeInstallation: false,
};

describeEachDialect("pricing API on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect);
  });
  afterAll(async () => {
    await store?.close();
  });

  const post = (path: string, body: unknown) => request(store, "POST", path, body);

  describe("POST /api/calculate-price", () => {
    it.each([
      ["vinyl", 36, 48, false, { blindsPrice: 54, installationPrice: 0, totalPrice: 54 }],
      [
        "vinyl",
        60.125,
        48,
        true,
        { blindsPrice: 90.19, installationPrice: 95, totalPrice: 185.19 },
      ],
      [
        "standard-shutters",
        36,
        48,
        true,
        { blindsPrice: 312, installationPrice: 75, totalPrice: 387 },
      ],
      [
        "bypass-shutters",
        36,
        48,
        false,
        { blindsPrice: 399, installationPrice: 0, totalPrice: 399 },
      ],
      ["fabric", 36.75, 48, false, { blindsPrice: 79.63, installationPrice: 0, totalPrice: 79.63 }],
      ["aluminum", 192, 120, true, { blindsPrice: 600, installationPrice: 125, totalPrice: 725 }],
    ])(
      "%s %f × %f install=%s",
      async (productType, width, height, includeInstallation, expected) => {
        const res = await post("/api/calculate-price", {
          productType,
          width,
          height,
          includeInstallation,
        });
        expect(res.status).toBe(200);
        expect(res.body).toEqual(expected);
      },
    );

    it("uses the catalog's rate from the database, not a constant", async () => {
      await store.services.db
        .updateTable("products")
        .set({ rate_cents_per_sqft: 5_00 })
        .where("type", "=", "vinyl")
        .execute();
      store.services.catalog.invalidate();
      try {
        const res = await post("/api/calculate-price", {
          productType: "vinyl",
          width: 36,
          height: 48,
        });
        expect(res.body.blindsPrice).toBe(60);
      } finally {
        await store.services.db
          .updateTable("products")
          .set({ rate_cents_per_sqft: 4_50 })
          .where("type", "=", "vinyl")
          .execute();
        store.services.catalog.invalidate();
      }
    });

    const good = { productType: "vinyl", width: 36, height: 48, includeInstallation: false };
    it.each([
      ["an unknown product", { ...good, productType: "wood" }, "productType"],
      ["zebra shades (own call)", { ...good, productType: "zebra-shades" }, "productType"],
      ["a missing product", { width: 36, height: 48 }, "productType"],
      ["width below 12", { ...good, width: 11.875 }, "width"],
      ["width above 192", { ...good, width: 193 }, "width"],
      ["height below 12", { ...good, height: 11 }, "height"],
      ["height above 120", { ...good, height: 121 }, "height"],
      ["a width that is not an eighth", { ...good, width: 36.1 }, "width"],
      ["a height that is not an eighth", { ...good, height: 48.3 }, "height"],
      ["a width as text", { ...good, width: "36" }, "width"],
      ["a missing height", { productType: "vinyl", width: 36 }, "height"],
      ["a negative width", { ...good, width: -36 }, "width"],
      ["installation as text", { ...good, includeInstallation: "yes" }, "includeInstallation"],
    ])("refuses %s with 400 naming %s", async (_name, body, field) => {
      const res = await post("/api/calculate-price", body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(res.body.error.message).toContain(field);
    });

    it("names the allowed range", async () => {
      const res = await post("/api/calculate-price", { ...good, width: 500 });
      expect(res.body.error.message).toContain("between 12 and 192");
    });

    it("accepts the range limits with fractions on the whole part", async () => {
      for (const [width, height] of [
        [12, 12],
        [192.875, 120.875],
      ]) {
        const res = await post("/api/calculate-price", { ...good, width, height });
        expect(res.status).toBe(200);
      }
    });
  });

  describe("POST /api/calculate-zebra-shade-price", () => {
    it("prices the defaults", async () => {
      const res = await post("/api/calculate-zebra-shade-price", ZEBRA);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        area: 12,
        blindsPrice: 96,
        fabricUpcharge: 0,
        controlUpcharge: 0,
        motorUpcharge: 0,
        installationPrice: 0,
        totalPrice: 96,
      });
    });

    it("prices a motorized Skyline shade with fractions and installation", async () => {
      const res = await post("/api/calculate-zebra-shade-price", {
        ...ZEBRA,
        width: 36,
        widthFraction: 0.5,
        heightFraction: 0.25,
        fabricCollection: "skyline",
        fabric: "graphite",
        controlType: "motorized",
        motorOptions: { remote: true, smartHome: true, batteryWand: true },
        includeInstallation: true,
      });
      expect(res.body).toEqual({
        area: 12.23,
        blindsPrice: 97.84,
        fabricUpcharge: 440.28,
        controlUpcharge: 150,
        motorUpcharge: 125,
        installationPrice: 75,
        totalPrice: 888.12,
      });
    });

    it("uses the collection upcharge from the database", async () => {
      await store.services.db
        .updateTable("zebra_collections")
        .set({ upcharge_cents_per_sqft: 10_00 })
        .where("slug", "=", "tropic")
        .execute();
      store.services.catalog.invalidate();
      try {
        const res = await post("/api/calculate-zebra-shade-price", {
          ...ZEBRA,
          fabricCollection: "tropic",
          fabric: "palm",
        });
        expect(res.body.fabricUpcharge).toBe(120);
      } finally {
        await store.services.db
          .updateTable("zebra_collections")
          .set({ upcharge_cents_per_sqft: 12_00 })
          .where("slug", "=", "tropic")
          .execute();
        store.services.catalog.invalidate();
      }
    });

    it.each([
      ["width below 12", { width: 11 }, "width"],
      ["width above 96", { width: 97 }, "width"],
      ["height below 12", { height: 11 }, "height"],
      ["height above 108", { height: 109 }, "height"],
      ["a fractional whole width", { width: 36.5 }, "width"],
      ["a fraction that is not an eighth", { widthFraction: 0.3 }, "widthFraction"],
      ["a fraction of 1", { heightFraction: 1 }, "heightFraction"],
      ["an unknown collection", { fabricCollection: "velvet" }, "fabricCollection"],
      ["an unknown fabric", { fabric: "plaid" }, "fabric"],
      ["a fabric of another collection", { fabric: "palm" }, "fabric"],
      ["an unknown control", { controlType: "chain" }, "controlType"],
      ["an unknown mount", { mountType: "ceiling" }, "mountType"],
      ["motor options not booleans", { motorOptions: { smartHome: "yes" } }, "smartHome"],
      ["another product type", { productType: "vinyl" }, "productType"],
      ["valance as text", { valance: "no" }, "valance"],
    ])("refuses %s with 400 naming %s", async (_name, change, field) => {
      const res = await post("/api/calculate-zebra-shade-price", { ...ZEBRA, ...change });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(res.body.error.message).toContain(field);
    });

    it("names the zebra range", async () => {
      const res = await post("/api/calculate-zebra-shade-price", { ...ZEBRA, height: 120 });
      expect(res.body.error.message).toContain("between 12 and 108");
    });
  });

  describe("POST /api/calculate-service-price", () => {
    it.each([
      [12, 24],
      [36.125, 72.25],
      [192.875, 385.75],
    ])("width %f → %f", async (width, totalPrice) => {
      const res = await post("/api/calculate-service-price", {
        serviceType: "track-replacement",
        width,
        height: 48,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ totalPrice, width, pricePerUnit: 2 });
    });

    it.each([
      ["an unknown service", { serviceType: "cleaning", width: 36 }, "serviceType"],
      ["a missing width", { serviceType: "track-replacement" }, "width"],
      ["width below 12", { serviceType: "track-replacement", width: 10 }, "width"],
      ["width above 192", { serviceType: "track-replacement", width: 193 }, "width"],
      ["height above 120", { serviceType: "track-replacement", width: 36, height: 121 }, "height"],
      ["a width that is not an eighth", { serviceType: "track-replacement", width: 36.2 }, "width"],
    ])("refuses %s with 400 naming %s", async (_name, body, field) => {
      const res = await post("/api/calculate-service-price", body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
    });
  });

  describe("malformed requests never give a 500", () => {
    const paths = [
      "/api/calculate-price",
      "/api/calculate-zebra-shade-price",
      "/api/calculate-service-price",
    ];
    it.each(paths)("%s: invalid JSON → 400", async (path) => {
      const res = await post(path, "{not json");
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("bad_request");
    });
    it.each(paths)("%s: JSON null, array, number → 400", async (path) => {
      for (const body of ["null", "[]", "42", '"text"']) {
        const res = await post(path, body);
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/JSON object|must be/);
      }
    });
    it.each(paths)("%s: not JSON → 415", async (path) => {
      const res = await request(store, "POST", path, "width=36", {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(res.status).toBe(415);
    });
  });
});
