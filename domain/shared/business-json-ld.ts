/** schema.org HomeAndConstructionBusiness for the home page, from the business facts. */
import type { PublicBusinessFacts } from "./business";

export function businessJsonLd(b: PublicBusinessFacts, origin: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": `${origin}/#business`,
    name: b.name,
    url: `${origin}/`,
    telephone: b.phone,
    email: b.email,
    foundingDate: String(b.foundedYear),
    priceRange: "$$",
    address: {
      "@type": "PostalAddress",
      addressRegion: b.region,
      addressCountry: "US",
    },
    areaServed: [
      { "@type": "AdministrativeArea", name: b.county },
      ...b.serviceCities.map((city) => ({
        "@type": "City",
        name: `${city}, ${b.region}`,
      })),
    ],
    openingHoursSpecification: b.hours
      .filter((h) => h.opens && h.closes)
      .map((h) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: h.days.map((d) => `https://schema.org/${d}`),
        opens: h.opens,
        closes: h.closes,
      })),
  };
}
