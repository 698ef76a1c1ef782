import { Link } from "react-router";
import { ProductPicture } from "../product-picture";

export interface ProductCardData {
  id: number;
  type: string;
  name: string;
  description: string;
  /** Hex of the first colour, for the drawing. */
  colorHex?: string;
}

/** SPEC.md §2: the card links to /zebra-shades for zebra shades, otherwise /product/{type}. */
export function productHref(type: string): string {
  return type === "zebra-shades" ? "/zebra-shades" : `/product/${type}`;
}

/** SPEC.md §2: image by type; unknown types use the standard-shutters image. */
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
}: {
  products: readonly ProductCardData[] | null;
  failed: boolean;
  trackFeet: number;
}) {
  return (
    <section id="products" aria-labelledby="products-title" className="container-page py-14">
      <h2 id="products-title" className="text-3xl font-bold">
        Our Products
      </h2>
      <p className="mt-2 text-muted">Every piece is made to your measurements.</p>
      {failed ? (
        <p className="mt-8 font-medium text-danger">Failed to load products</p>
      ) : !products ? (
        <p className="mt-8 text-muted">Loading products...</p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((p) => (
            <li key={p.id} className="card flex flex-col">
              <ProductPicture
                type={pictureTypeFor(p.type)}
                color={p.colorHex}
                label={`Drawing of ${p.name}`}
                className="aspect-[5/4] w-full rounded-lg"
              />
              <h3 className="mt-4 text-xl font-semibold">{p.name}</h3>
              <p className="mt-2 flex-1 text-muted">{p.description}</p>
              <p className="mt-3 text-sm font-medium text-primary">Custom pricing available</p>
              <Link
                to={productHref(p.type)}
                className="btn-primary mt-4"
                aria-label={`View Options for ${p.name}`}
              >
                View Options
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="card mt-10 bg-surface">
        <h3 className="text-xl font-semibold">Premium Track Systems</h3>
        <ul className="mt-3 grid gap-2 text-muted sm:grid-cols-2">
          <li>Heavy duty track for wide windows up to {trackFeet} feet</li>
          <li>Ball-bearing carriers for smooth operation</li>
          <li>Custom colors to match your blinds</li>
          <li>Professional or DIY installation</li>
        </ul>
        <Link to="/track-replacement" className="btn-secondary mt-4">
          Get a Track Replacement Quote
        </Link>
      </div>
    </section>
  );
}
