import { pictureUrl } from "../../lib/picture-url";
import { useSectionNavigation } from "../../lib/scroll";

export function Hero({ foundedYear }: { foundedYear: number }) {
  const goToSection = useSectionNavigation();
  const badges = ["Free Shipping", "Expert Installation", "Premium Warranty"];
  return (
    <section aria-labelledby="hero-title" className="bg-sand">
      <div className="container-page grid items-center gap-8 py-10 sm:py-16 lg:grid-cols-[1fr_1fr] lg:gap-12 lg:py-20">
        <div>
          <h1 id="hero-title" className="max-w-2xl text-4xl font-semibold text-ink sm:text-5xl">
            Custom Blinds &amp; Shutters, Made to Measure and Installed in Lee County
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted">
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
            className="mt-8 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted"
            aria-label="Why shop with us"
          >
            {[...badges, `Since ${foundedYear} / Quality Focused`].map((b) => (
              <li key={b} className="flex items-center gap-2">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
                {b}
              </li>
            ))}
          </ul>
        </div>
        {/*
          On phones too (issue 13 item 12): a cacheable drawn file with its size given, so it
          takes its place at once and costs no script.
        */}
        <img
          src={pictureUrl({
            type: "standard-shutters",
            color: "#FFFFFF",
            view: "room",
            aspect: 0.8,
          })}
          alt="Drawing of white plantation shutters in a living room"
          width={600}
          height={480}
          className="aspect-[5/4] w-full rounded-lg object-cover"
        />
      </div>
    </section>
  );
}
