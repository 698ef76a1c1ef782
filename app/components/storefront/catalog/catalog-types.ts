import type { ProductPhoto } from "../../../../domain/storefront/product-photos";
import type { FormFailure } from "../../../lib/forms";

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
  /** The owner's photos, first shown first. */
  photos: ProductPhoto[];
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

/** A form's answer: the saved message, or the refusal with its errors by field. */
export type CatalogActionResult = { ok: true; message: string } | FormFailure;
