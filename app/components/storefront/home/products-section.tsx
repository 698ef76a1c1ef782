import { Link } from "react-router";
import storefront from "../../../../domain/i18n/compiled/en/storefront.js";
import { fromPriceAmount } from "../../../../domain/storefront/from-price";
import type { ProductPhoto } from "../../../../domain/storefront/product-photos";
import { useLocalized, useT } from "../../../lib/i18n";
import { pictureUrl } from "../../../lib/picture-url";
import { PhotoPicture } from "../../photo-picture";

export interface ProductCardData {
  id: number;
  type: string;
  name: string;
  description: string;
  /** Hex of the first color, for the drawing. */
  colorHex?: string;
  /** The smallest size without installation, from the catalog. */
  fromCents: number;
  /** The owner's first photo, shown instead of the drawing. */
  photo?: ProductPhoto | undefined;
}

/** The card links to /zebra-shades for zebra shades, otherwise /product/{type}. */
export function productHref(type: string): string {
  return type === "zebra-shades" ? "/zebra-shades" : `/product/${type}`;
}

/** Image by type; unknown types use the standard-shutters image. */
export function pictureTypeFor(type: string): string {
  const known = [
    "standard-shutters",
    "bypass-shutters",
    "vinyl",
    "zebra-shades",
    "fabric",
    "aluminum",
  ];
  return known.includes(type) ? type : "standard-shutters";
}

export function ProductsSection({
  products,
  failed,
  trackFeet,
  trackFromCents,
}: {
  products: readonly ProductCardData[] | null;
  failed: boolean;
  trackFeet: number;
  /** null when the service is not sold right now. */
  trackFromCents: number | null;
}) {
  const t = useT("storefront", storefront);
  const localized = useLocalized();
  return (
    <section
      id="products"
      aria-labelledby="products-title"
      className="container-page py-14 sm:py-20"
    >
      <h2 id="products-title" className="text-3xl font-semibold sm:text-4xl">
        {t("products.title")}
      </h2>
      <p className="mt-2 text-muted">{t("products.lead")}</p>
      {failed ? (
        <p className="mt-8 font-medium text-danger">{t("products.failed")}</p>
      ) : !products ? (
        <p className="mt-8 text-muted">{t("products.loading")}</p>
      ) : (
        // Two cards a row on a phone, as shoppers compare them (Dawn's default); the
        // description joins them from 640 px, where a card is wide enough to read it.
        <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 sm:gap-y-10 lg:grid-cols-3">
          {products.map((p, i) => (
            <li key={p.id} className="group relative flex flex-col">
              {p.photo ? (
                <PhotoPicture
                  photo={p.photo}
                  sizes="(min-width: 1024px) 400px, 50vw"
                  eager={i < 2}
                  className="aspect-[5/4] w-full rounded-lg bg-surface object-cover transition-opacity group-hover:opacity-90"
                />
              ) : (
                // Drawings are cacheable files (routes/picture.ts), not inline SVG.
                <img
                  src={pictureUrl({ type: pictureTypeFor(p.type), color: p.colorHex })}
                  alt={t("products.drawingAlt", { name: p.name })}
                  width={500}
                  height={400}
                  loading={i < 2 ? "eager" : "lazy"}
                  decoding="async"
                  className="aspect-[5/4] w-full rounded-lg bg-surface object-cover transition-opacity group-hover:opacity-90"
                />
              )}
              <h3 className="mt-3 font-semibold leading-snug sm:mt-4 sm:text-xl">{p.name}</h3>
              <p className="mt-1 mb-3 flex flex-wrap items-baseline gap-x-2 sm:mb-0">
                <span className="font-semibold" data-testid="card-from-price">
                  {t("products.from", { price: fromPriceAmount(p.fromCents) })}
                </span>
                <span className="hidden text-sm font-medium text-primary sm:inline">
                  {t("products.customPricing")}
                </span>
              </p>
              <p className="mt-2 hidden flex-1 text-muted sm:block">{p.description}</p>
              <Link
                to={localized(productHref(p.type))}
                className="btn-secondary mt-auto w-full sm:mt-4 sm:w-auto sm:self-start"
                aria-label={t("products.viewOptionsFor", { name: p.name })}
              >
                {t("products.viewOptions")}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-14 grid gap-6 border-t border-line pt-10 md:grid-cols-[1fr_auto] md:items-end">
        <div>
          <h3 className="text-2xl font-semibold">{t("products.track.title")}</h3>
          {trackFromCents !== null ? (
            <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold" data-testid="track-from-price">
                {t("products.from", { price: fromPriceAmount(trackFromCents) })}
              </span>
              <span className="text-sm font-medium text-primary">
                {t("products.customPricing")}
              </span>
            </p>
          ) : null}
          <ul className="mt-3 grid gap-x-8 gap-y-1 text-muted sm:grid-cols-2">
            <li>{t("products.track.wide", { feet: trackFeet })}</li>
            <li>{t("products.track.carriers")}</li>
            <li>{t("products.track.colors")}</li>
            <li>{t("products.track.diy")}</li>
          </ul>
        </div>
        <Link to={localized("/track-replacement")} className="btn-secondary self-start md:self-end">
          {t("products.track.quote")}
        </Link>
      </div>
    </section>
  );
}
