/** Zebra shade collections and fabrics. */
export interface ZebraFabric {
  slug: string;
  name: string;
  code: string;
  /** Display colour of the fabric, for swatches and the SVG preview. */
  hex: string;
  /**
   * false once the owner withdraws it from sale (it still names the fabric of carts and
   * orders that hold it); absent or true while sold.
   */
  active?: boolean;
}

export interface ZebraCollection {
  slug: string;
  name: string;
  /** Upcharge per square foot, in cents. */
  upchargeCentsPerSqFt: number;
  fabrics: readonly ZebraFabric[];
}

type FabricSeed = readonly [slug: string, name: string, hex: string];

function collection(
  slug: string,
  name: string,
  upchargeCentsPerSqFt: number,
  firstCode: number,
  fabrics: readonly FabricSeed[],
): ZebraCollection {
  return {
    slug,
    name,
    upchargeCentsPerSqFt,
    fabrics: fabrics.map(([fabricSlug, fabricName, hex], i) => ({
      slug: fabricSlug,
      name: fabricName,
      hex,
      code: `QV-${firstCode + i}`,
    })),
  };
}

export const ZEBRA_COLLECTIONS: readonly ZebraCollection[] = [
  collection("melrose", "Melrose", 0, 1001, [
    ["cascade", "Cascade", "#F2EFE8"],
    ["linen", "Linen", "#E6DCC8"],
    ["pebble", "Pebble", "#BDB6AA"],
    ["driftwood", "Driftwood", "#9C8B74"],
    ["slate", "Slate", "#5E6670"],
  ]),
  collection("tropic", "Tropic", 12_00, 1006, [
    ["palm", "Palm", "#7E9A73"],
    ["coral", "Coral", "#E3907A"],
    ["lagoon", "Lagoon", "#5C9AA6"],
    ["sandbar", "Sandbar", "#D8C4A0"],
  ]),
  collection("skyline", "Skyline", 36_00, 1010, [
    ["horizon", "Horizon", "#C9D3DC"],
    ["graphite", "Graphite", "#4A4D52"],
    ["mist", "Mist", "#DDE1E3"],
    ["dune", "Dune", "#C8B08A"],
  ]),
  collection("anza-room-darkening", "Anza Room Darkening", 48_00, 1014, [
    ["midnight", "Midnight", "#23283A"],
    ["canyon", "Canyon", "#9A5B3F"],
    ["stone", "Stone", "#8F8A83"],
    ["pearl", "Pearl", "#EEEAE2"],
  ]),
];

/**
 * What each collection does with light, said before it is chosen. The
 * upcharge itself comes from the catalog (the database); this is the fabric's nature.
 */
export const ZEBRA_LIGHT_CONTROL: Record<string, string> = {
  melrose: "Light filtering",
  tropic: "Light filtering",
  skyline: "Light filtering",
  "anza-room-darkening": "Room darkening",
};

export function zebraLightControl(collectionSlug: string): string {
  return ZEBRA_LIGHT_CONTROL[collectionSlug] ?? "Light filtering";
}

/** Seeds of the zebra_option_prices table; the running store prices from the database. */
export const ZEBRA_CONTROL_TYPES = ["cordless", "continuous-cord", "motorized"] as const;
export type ZebraControlType = (typeof ZEBRA_CONTROL_TYPES)[number];

export const ZEBRA_CONTROL_UPCHARGE_CENTS: Record<ZebraControlType, number> = {
  cordless: 0,
  "continuous-cord": 25_00,
  motorized: 150_00,
};

export const ZEBRA_CONTROL_LABELS: Record<ZebraControlType, string> = {
  cordless: "Cordless",
  "continuous-cord": "Cord loop with tension device",
  motorized: "Motorized",
};

export const ZEBRA_MOTOR_UPCHARGE_CENTS = { smartHome: 75_00, batteryWand: 50_00 } as const;
export type ZebraMotorOption = keyof typeof ZEBRA_MOTOR_UPCHARGE_CENTS;
export const ZEBRA_MOTOR_OPTIONS: readonly ZebraMotorOption[] = ["smartHome", "batteryWand"];

/** Keys of zebra_option_prices rows: "control:<controlType>" and "motor:<option>". */
export function zebraControlKey(control: ZebraControlType): string {
  return `control:${control}`;
}
export function zebraMotorKey(option: ZebraMotorOption): string {
  return `motor:${option}`;
}

export const ZEBRA_MOUNT_TYPES = ["inside", "outside"] as const;
export type ZebraMountType = (typeof ZEBRA_MOUNT_TYPES)[number];

const DEFAULT_MOUNT: ZebraMountType = "inside";
const DEFAULT_CONTROL: ZebraControlType = "cordless";

export const ZEBRA_DEFAULTS = {
  width: 36,
  height: 48,
  widthFraction: 0,
  heightFraction: 0,
  fabricCollection: "melrose",
  fabric: "cascade",
  mountType: DEFAULT_MOUNT,
  controlType: DEFAULT_CONTROL,
  motorOptions: { remote: true, smartHome: false, batteryWand: false },
  valance: true,
  includeInstallation: false,
};

export function findZebraCollection(
  collections: readonly ZebraCollection[],
  slug: string,
): ZebraCollection | undefined {
  return collections.find((c) => c.slug === slug);
}

/** Whether a fabric is still sold (shown, quoted and added to carts). */
export function isFabricSold(fabric: ZebraFabric): boolean {
  return fabric.active !== false;
}

/** The collections with only the fabrics still sold: what a shopper may choose. */
export function soldZebraCollections<C extends ZebraCollection>(collections: readonly C[]): C[] {
  return collections.map((c) => ({ ...c, fabrics: c.fabrics.filter(isFabricSold) }));
}

/** A fabric a shopper may still choose, or undefined (unknown or withdrawn). */
export function findSoldZebraFabric(
  collections: readonly ZebraCollection[],
  collectionSlug: string,
  fabricSlug: string,
): ZebraFabric | undefined {
  const fabric = findZebraFabric(collections, collectionSlug, fabricSlug);
  return fabric && isFabricSold(fabric) ? fabric : undefined;
}

export function findZebraFabric(
  collections: readonly ZebraCollection[],
  collectionSlug: string,
  fabricSlug: string,
): ZebraFabric | undefined {
  return findZebraCollection(collections, collectionSlug)?.fabrics.find(
    (f) => f.slug === fabricSlug,
  );
}
