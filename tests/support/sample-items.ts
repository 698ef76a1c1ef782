/**
 * The cart items tests put into carts, in one place.
 * Prices are what the seeded catalog gives; `calculatedPrice` is only what a page would send:
 * the server prices every item itself, so tests that tamper with it spread and override.
 */

/** Vinyl 36" × 48" without installation: 12 sq ft × $4.50 = $54.00 a piece. */
export const SAMPLE_ITEM = {
  productId: 1,
  productName: "Vinyl Vertical Blinds",
  width: 36,
  height: 48,
  selectedColor: "white",
  includeInstallation: false,
  quantity: 1,
  calculatedPrice: "54.00",
  roomLabel: "Kitchen",
} as const;
export const SAMPLE_UNIT_CENTS = 54_00;

/** Vinyl 36 3/8" × 48" installed: 12.125 sq ft × $4.50 = $54.56, + $75 installation = $129.56. */
export const VINYL_INSTALLED = {
  productId: 1,
  productName: "Vinyl Vertical Blinds",
  width: 36.375,
  height: 48,
  selectedColor: "white",
  includeInstallation: true,
  quantity: 1,
  calculatedPrice: "129.56",
  roomLabel: "Kitchen left",
};
export const VINYL_INSTALLED_UNIT_CENTS = 129_56;

/**
 * Zebra 36 1/2" × 48" outside mount, Tropic Palm, motorized with smart home, no installation:
 * area 12.1667 sq ft: base $97.33, Tropic $146.00, motorized $150, smart home $75 = $468.33.
 */
export const ZEBRA_MOTORIZED = {
  productId: 4,
  productName: "Zebra Shades",
  width: 37,
  height: 48,
  selectedColor: "Palm",
  quantity: 1,
  calculatedPrice: "468.33",
  roomLabel: "Kitchen left",
  configuration: {
    width: 36,
    height: 48,
    widthFraction: 0.5,
    heightFraction: 0,
    fabricCollection: "tropic",
    fabric: "palm",
    mountType: "outside",
    controlType: "motorized",
    motorOptions: { remote: true, smartHome: true, batteryWand: false },
    valance: true,
    includeInstallation: false,
  },
};

/** Zebra 36" × 48" inside mount, Melrose Cascade, cordless: 12 sq ft × $8.00 = $96.00. */
export const ZEBRA_CORDLESS = {
  productId: 4,
  productName: "Zebra Shades",
  width: 36,
  height: 48,
  selectedColor: "Cascade",
  quantity: 1,
  calculatedPrice: "96.00",
  configuration: {
    width: 36,
    height: 48,
    widthFraction: 0,
    heightFraction: 0,
    fabricCollection: "melrose",
    fabric: "cascade",
    mountType: "inside",
    controlType: "cordless",
    motorOptions: { remote: true, smartHome: false, batteryWand: false },
    valance: true,
    includeInstallation: false,
  },
};

/** Track replacement 96" wide: $2.00 per inch = $192.00, installed. */
export const TRACK_ITEM = {
  serviceType: "track-replacement",
  productName: "Track Replacement",
  width: 96,
  quantity: 1,
  calculatedPrice: "192.00",
};

/** A contact message the contact form and POST /api/contact take (domain/contact-schema.ts). */
export const SAMPLE_CONTACT_MESSAGE = {
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana@example.com",
  phone: "(239) 555-0100",
  subject: "Shutters for a lanai door",
  message: "Could someone measure a 10 ft slider next week?",
  preferredContactMethod: "phone",
};

/** The customer of the quotes the owner builds in tests. */
export const SAMPLE_QUOTE_CUSTOMER = {
  firstName: "Maria",
  lastName: "Lopez",
  email: "maria.lopez@example.org",
  phone: "(239) 555-0177",
  address: "1200 Palm Ave",
  city: "Fort Myers",
  zipCode: "33901",
};
