/**
 * The /admin/catalog forms → the JSON bodies /api/admin takes, one entry per form (its
 * `intent`): the page action reads a form with `fromForm` and checks it with `schema`, and the
 * browser runs the very same pair before posting (conform, decision 185).
 */
import {
  colorCreateSchema,
  colorUpdateSchema,
  installationPricesSchema,
  productUpdateSchema,
  serviceUpdateSchema,
  zebraCollectionUpdateSchema,
  zebraFabricUpdateSchema,
} from "./catalog-admin-schema";
import { formText } from "./form-text";
import {
  chosenFile,
  productPhotoAltFormSchema,
  productPhotoFormSchema,
} from "./product-photo-schema";

/** A money field: blank → absent (the schema names it if required), else a number (NaN too). */
function amount(form: FormData, name: string): number | undefined {
  const value = formText(form, name)?.trim();
  return value === undefined || value === "" ? undefined : Number(value);
}

export const CATALOG_FORMS = {
  product: {
    schema: productUpdateSchema,
    fromForm: (form: FormData) => ({
      name: formText(form, "name"),
      description: formText(form, "description"),
      ratePerSqFt: amount(form, "ratePerSqFt"),
      minimumPrice: amount(form, "minimumPrice"),
      // Zebra shades have fabrics, not colours: their form has no colour boxes.
      colors: form.has("offersColors") ? form.getAll("colors").map(String) : undefined,
      active: form.get("active") === "on",
    }),
  },
  collection: {
    schema: zebraCollectionUpdateSchema,
    fromForm: (form: FormData) => ({ ratePerSqFt: amount(form, "ratePerSqFt") }),
  },
  fabric: {
    schema: zebraFabricUpdateSchema,
    fromForm: (form: FormData) => ({
      name: formText(form, "name"),
      active: form.get("active") === "on",
    }),
  },
  installation: {
    schema: installationPricesSchema,
    fromForm: (form: FormData) => ({
      upTo60: amount(form, "upTo60"),
      upTo96: amount(form, "upTo96"),
      over96: amount(form, "over96"),
    }),
  },
  service: {
    schema: serviceUpdateSchema,
    fromForm: (form: FormData) => ({ pricePerInch: amount(form, "pricePerInch") }),
  },
  color: {
    schema: colorUpdateSchema,
    fromForm: (form: FormData) => ({ name: formText(form, "name"), hex: formText(form, "hex") }),
  },
  "add-color": {
    schema: colorCreateSchema,
    fromForm: (form: FormData) => ({
      key: formText(form, "key"),
      name: formText(form, "name"),
      hex: formText(form, "hex"),
    }),
  },
  "photo-add": {
    schema: productPhotoFormSchema,
    fromForm: (form: FormData) => ({
      photo: chosenFile(form.get("photo")),
      alt: formText(form, "alt") ?? "",
    }),
  },
  "photo-alt": {
    schema: productPhotoAltFormSchema,
    fromForm: (form: FormData) => ({ alt: formText(form, "alt") ?? "" }),
  },
} as const;

export type CatalogFormIntent = keyof typeof CATALOG_FORMS;
