import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "./business";
import { businessJsonLd } from "./business-json-ld";

describe("businessJsonLd", () => {
  const ld = businessJsonLd(DEFAULT_BUSINESS, "https://shop.example");

  it("describes the business with region, phone and every served city", () => {
    expect(ld["@type"]).toBe("HomeAndConstructionBusiness");
    expect(ld.telephone).toBe(DEFAULT_BUSINESS.phone);
    expect(ld.address).toEqual({
      "@type": "PostalAddress",
      addressRegion: "FL",
      addressCountry: "US",
    });
    const names = (ld.areaServed as { name: string }[]).map((a) => a.name);
    expect(names).toContain("Cape Coral, FL");
    expect(names).toHaveLength(DEFAULT_BUSINESS.serviceCities.length + 1);
  });

  it("gives opening hours for open days only", () => {
    expect(ld.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map(
          (d) => `https://schema.org/${d}`,
        ),
        opens: "08:00",
        closes: "18:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["https://schema.org/Saturday"],
        opens: "09:00",
        closes: "14:00",
      },
    ]);
  });
});
