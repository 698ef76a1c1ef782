/** What the /admin/catalog page shows and its forms answer (the API's wire shapes). */

export interface CatalogProduct {
  id: number;
  type: string;
  name: string;
  description: string;
  ratePerSqFt: number;
  minimumPrice: number;
  colors: string[];
  active: boolean;
}

export interface CatalogColor {
  key: string;
  name: string;
  hex: string;
}

export interface CatalogFabric {
  slug: string;
  name: string;
  code: string;
  hex: string;
  active: boolean;
}

export interface CatalogCollection {
  slug: string;
  name: string;
  ratePerSqFt: number;
  fabrics: CatalogFabric[];
}

export interface CatalogInstallationPrices {
  upTo60: number;
  upTo96: number;
  over96: number;
}

export interface CatalogService {
  id: number;
  type: string;
  name: string;
  pricePerInch: number;
  active: boolean;
}

export interface CatalogEditorData {
  products: CatalogProduct[];
  colors: CatalogColor[];
  zebraCollections: CatalogCollection[];
  installationPrices: CatalogInstallationPrices;
  services: CatalogService[];
}

/** A form's answer; `fields` maps each field the error names to its message. */
export type CatalogActionResult =
  | { ok: true; message: string }
  | { ok: false; error: string; fields: Record<string, string> };
