import { useEffect, useState } from "react";
import { useSectionNavigation } from "../../lib/scroll";
import { ProductPicture } from "../product-picture";

export function Hero({ foundedYear }: { foundedYear: number }) {
  const goToSection = useSectionNavigation();
  const badges = ["Free Shipping", "Expert Installation", "Premium Warranty"];
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-primary-light to-white">
      <div className="container-page grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[3fr_2fr]">
        <div>
          <h1
            id="hero-title"
            className="max-w-3xl text-4xl font-bold tracking-tight text-ink sm:text-5xl"
          >
            Custom Blinds &amp; Shutters, Made to Measure and Installed in Lee County
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted">
            Configure your window to the eighth of an inch, see your price instantly, and pay
            nothing until installation day.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href="/#products"
              className="btn-primary"
              onClick={(e) => {
                e.preventDefault();
                goToSection("products");
              }}
            >
              Explore Collection
            </a>
            <a
              href="/#installation"
              className="btn-secondary"
              onClick={(e) => {
                e.preventDefault();
                goToSection("installation");
              }}
            >
              Professional Installation
            </a>
          </div>
          <ul
            className="mt-10 flex flex-wrap gap-3 text-sm font-medium"
            aria-label="Why shop with us"
          >
            {badges.map((b) => (
              <li key={b} className="rounded-full border border-line bg-white px-4 py-2">
                {b}
              </li>
            ))}
            <li className="rounded-full border border-line bg-white px-4 py-2">
              Since {foundedYear} / Quality Focused
            </li>
          </ul>
        </div>
        <HeroPicture />
      </div>
    </section>
  );
}

/**
 * A drawing beside the headline on wide screens only. It is added after hydration, into a box
 * that already holds its place (no layout shift), so phones never download or lay it out.
 */
function HeroPicture() {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(min-width: 64rem)");
    setWide(query.matches);
    const onChange = (e: MediaQueryListEvent) => setWide(e.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return (
    <div className="hidden aspect-[5/4] w-full lg:block">
      {wide ? (
        <ProductPicture
          type="standard-shutters"
          color="#FFFFFF"
          view="room"
          label="Drawing of white plantation shutters in a living room"
          className="h-full w-full rounded-2xl shadow-sm"
        />
      ) : null}
    </div>
  );
}
