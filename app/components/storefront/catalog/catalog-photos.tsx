/**
 * A product's photos on /admin/catalog: each with its description (alt text),
 * "Show first" and "Remove", and the upload form (JPEG, PNG or WebP up to 8 MB, a description
 * required). Every form answers beside itself; the list's own answer stays when a photo leaves.
 */
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { labelMessage } from "../../../../domain/shared/form-messages";
import {
  PRODUCT_PHOTO_ACCEPT,
  PRODUCT_PHOTO_ALT_MAX,
  PRODUCT_PHOTO_BYTES_MAX,
  PRODUCT_PHOTO_MIN_WIDTH,
  PRODUCT_PHOTOS_PER_PRODUCT,
  type ProductPhoto,
} from "../../../../domain/storefront/product-photos";
import { PhotoPicture } from "../../photo-picture";
import { CatalogField, FormAnswer, useCatalogForm } from "./catalog-fields";
import type { CatalogActionResult } from "./catalog-types";

const ALT_LABEL = "Description for shoppers who can't see the photo";

function PhotoItem({
  productId,
  productName,
  photo,
  position,
  count,
  listFetcher,
}: {
  productId: number;
  productName: string;
  photo: ProductPhoto;
  position: number;
  count: number;
  listFetcher: ReturnType<typeof useFetcher<CatalogActionResult>>;
}) {
  const form = useCatalogForm("photo-alt");
  const busy = listFetcher.state !== "idle";
  const label = `photo ${position} of ${count} of ${productName}`;
  return (
    <li className="grid gap-3 border-t border-line pt-3 sm:grid-cols-[10rem_1fr]">
      <PhotoPicture
        photo={photo}
        sizes="160px"
        className="aspect-[5/4] w-40 rounded-lg border border-line object-cover"
      />
      <div className="space-y-2">
        <p className="text-sm text-muted">
          {position === 1 ? "Shown first" : `Shown ${position}${ordinal(position)}`} · {photo.width}{" "}
          × {photo.height} px
        </p>
        <form.fetcher.Form {...form.formProps} method="post" className="space-y-2">
          <input type="hidden" name="intent" value="photo-alt" />
          <input type="hidden" name="id" value={productId} />
          <input type="hidden" name="photoId" value={photo.id} />
          <CatalogField
            label={ALT_LABEL}
            name="alt"
            defaultValue={photo.alt}
            maxLength={PRODUCT_PHOTO_ALT_MAX}
            required
            error={form.fieldError("alt")}
          />
          <button
            type="submit"
            className="btn-secondary"
            disabled={form.busy}
            aria-label={`Save the description of ${label}`}
          >
            {form.busy ? "Saving…" : "Save description"}
          </button>
          <FormAnswer result={form.result} />
        </form.fetcher.Form>
        <div className="flex flex-wrap gap-2">
          {position > 1 ? (
            <listFetcher.Form method="post">
              <input type="hidden" name="intent" value="photo-first" />
              <input type="hidden" name="id" value={productId} />
              <input type="hidden" name="photoId" value={photo.id} />
              <button
                type="submit"
                className="btn-secondary"
                disabled={busy}
                aria-label={`Show ${label} first`}
              >
                Show first
              </button>
            </listFetcher.Form>
          ) : null}
          <listFetcher.Form method="post">
            <input type="hidden" name="intent" value="photo-remove" />
            <input type="hidden" name="id" value={productId} />
            <input type="hidden" name="photoId" value={photo.id} />
            <button
              type="submit"
              className="btn-secondary text-danger"
              disabled={busy}
              aria-label={`Remove ${label}`}
            >
              Remove
            </button>
          </listFetcher.Form>
        </div>
      </div>
    </li>
  );
}

function ordinal(n: number): string {
  return n === 2 ? "nd" : n === 3 ? "rd" : "th";
}

function UploadForm({ productId, productName }: { productId: number; productName: string }) {
  const form = useCatalogForm("photo-add");
  const ref = useRef<HTMLFormElement>(null);
  const fileId = useId();
  const photoError = form.fieldError("photo");
  const saved = form.result?.ok === true ? form.result : null;
  // A saved photo empties the form for the next one.
  useEffect(() => {
    if (saved) ref.current?.reset();
  }, [saved]);
  return (
    <form.fetcher.Form
      {...form.formProps}
      ref={ref}
      method="post"
      encType="multipart/form-data"
      // Set apart from the list above it: the photos kept, then the one to add.
      className="space-y-3 rounded-lg border border-dashed border-line bg-surface p-4"
    >
      <input type="hidden" name="intent" value="photo-add" />
      <input type="hidden" name="id" value={productId} />
      <div>
        <label htmlFor={fileId} className="field-label">
          Photo of {productName}
        </label>
        <input
          id={fileId}
          type="file"
          name="photo"
          accept={PRODUCT_PHOTO_ACCEPT}
          required
          aria-invalid={photoError ? true : undefined}
          aria-describedby={`${fileId}-hint${photoError ? ` ${fileId}-error` : ""}`}
          className="field"
        />
        <p id={`${fileId}-hint`} className="mt-1 text-sm text-muted">
          JPEG, PNG or WebP, up to {PRODUCT_PHOTO_BYTES_MAX / 1024 / 1024} MB, at least{" "}
          {PRODUCT_PHOTO_MIN_WIDTH} px wide. Location and camera details are removed.
        </p>
        {photoError ? (
          <p id={`${fileId}-error`} className="mt-1 text-sm font-medium text-danger">
            {labelMessage("photo", photoError, { photo: "The photo" })}
          </p>
        ) : null}
      </div>
      <CatalogField
        label={ALT_LABEL}
        name="alt"
        hint='What the photo shows, e.g. "White vinyl verticals on a patio door, half open".'
        maxLength={PRODUCT_PHOTO_ALT_MAX}
        required
        error={form.fieldError("alt")}
      />
      <button type="submit" className="btn-primary" disabled={form.busy}>
        {form.busy ? "Uploading… (a few seconds)" : "Upload photo"}
      </button>
      <FormAnswer result={form.result} />
    </form.fetcher.Form>
  );
}

export function ProductPhotos({
  productId,
  productName,
  photos,
}: {
  productId: number;
  productName: string;
  photos: ProductPhoto[];
}) {
  const listFetcher = useFetcher<CatalogActionResult>();
  const full = photos.length >= PRODUCT_PHOTOS_PER_PRODUCT;
  return (
    // Not a region of its own: the product's section is the landmark (and its name stays unique).
    <div className="mt-6 space-y-3 border-t border-line pt-4">
      <h4 className="font-semibold">
        Photos of {productName} ({photos.length} of {PRODUCT_PHOTOS_PER_PRODUCT})
      </h4>
      <p className="text-sm text-muted">
        Shoppers see your photos first, on the product card and page; the drawing stays beside them
        as the live preview of their choices, and is all they see while there are none.
      </p>
      {photos.length > 0 ? (
        <ul className="space-y-3">
          {photos.map((photo, i) => (
            <PhotoItem
              key={photo.id}
              productId={productId}
              productName={productName}
              photo={photo}
              position={i + 1}
              count={photos.length}
              listFetcher={listFetcher}
            />
          ))}
        </ul>
      ) : null}
      <FormAnswer result={listFetcher.data} />
      {full ? (
        <p className="text-sm">
          {productName} has {PRODUCT_PHOTOS_PER_PRODUCT} photos, the most it can show. Remove one to
          add another.
        </p>
      ) : (
        <UploadForm productId={productId} productName={productName} />
      )}
    </div>
  );
}
