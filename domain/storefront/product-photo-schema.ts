/**
 * Inputs of the product photo forms and /api/admin/products/:id/photos: one
 * schema per input, for the API and the /admin/catalog page's action alike. The photo's bytes
 * are checked by the server (server/uploads/product-photos.ts), never by a schema.
 */
import "../shared/zod-in-browser";
import { z } from "zod";
import { altTextProblem, PRODUCT_PHOTO_BYTES_MAX } from "./product-photos";

export const productPhotoAltSchema = z
  .string({ error: "alt must be text describing the photo" })
  .superRefine((value, ctx) => {
    const problem = altTextProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: `alt ${problem}` });
  })
  .transform((v) => v.trim());

/** The form that changes a photo's words. */
export const productPhotoAltFormSchema = z.object({ alt: productPhotoAltSchema });

/** The words sent with a new photo (the file travels beside them, as `photo`). */
export const productPhotoCreateSchema = z.object({ alt: productPhotoAltSchema });

/** A change to a photo: new words, or shown first. At least one. */
export const productPhotoUpdateSchema = z
  .object({
    alt: productPhotoAltSchema.optional(),
    first: z.literal(true, { error: "first must be true (show this photo first)" }).optional(),
  })
  .strict()
  .refine((v) => v.alt !== undefined || v.first !== undefined, {
    message: "send alt, first or both",
  });

export type ProductPhotoCreate = z.output<typeof productPhotoCreateSchema>;
export type ProductPhotoUpdate = z.output<typeof productPhotoUpdateSchema>;

/** The file a form holds, as far as a schema can judge it before the server reads the bytes. */
const chosenPhoto = z
  .object(
    { name: z.string(), size: z.number() },
    { error: "photo must be chosen: pick a JPEG, PNG or WebP file" },
  )
  .refine((f) => f.size > 0, "photo must be chosen: pick a JPEG, PNG or WebP file")
  .refine(
    (f) => f.size <= PRODUCT_PHOTO_BYTES_MAX,
    `photo must be ${PRODUCT_PHOTO_BYTES_MAX / 1024 / 1024} MB or smaller: export it smaller`,
  );

/** The /admin/catalog upload form: a chosen file of an acceptable size and its words. */
export const productPhotoFormSchema = z.object({ photo: chosenPhoto, alt: productPhotoAltSchema });

/** The file field of a form, as the schema above reads it (undefined when none was chosen). */
export function chosenFile(
  value: FormDataEntryValue | null,
): { name: string; size: number } | undefined {
  if (value === null || typeof value === "string") return undefined;
  if (value.size === 0 && value.name === "") return undefined;
  return { name: value.name, size: value.size };
}
