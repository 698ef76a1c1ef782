/** Colour keys → display name and hex. */
export interface ColorInfo {
  key: string;
  name: string;
  hex: string;
}

export const COLORS: readonly ColorInfo[] = [
  { key: "white", name: "White", hex: "#FFFFFF" },
  { key: "off-white", name: "Off-White", hex: "#F4F1EA" },
  { key: "ivory", name: "Ivory", hex: "#FFFBEA" },
  { key: "cream", name: "Cream", hex: "#F3E5C3" },
  { key: "beige", name: "Beige", hex: "#D9C7A7" },
  { key: "sand", name: "Sand", hex: "#CDB891" },
  { key: "light-gray", name: "Light Gray", hex: "#C9CCCF" },
  { key: "gray", name: "Gray", hex: "#8E9398" },
  { key: "charcoal", name: "Charcoal", hex: "#3F4347" },
  { key: "silver", name: "Silver", hex: "#B8BCC2" },
  { key: "bronze", name: "Bronze", hex: "#6E5138" },
  { key: "black", name: "Black", hex: "#1E1E1E" },
];

const BY_KEY = new Map(COLORS.map((c) => [c.key, c]));

export function findColor(key: string): ColorInfo | undefined {
  return BY_KEY.get(key);
}

/** Display name for a colour key; falls back to the key itself (e.g. a zebra fabric name). */
export function colorName(key: string): string {
  return BY_KEY.get(key)?.name ?? key;
}
