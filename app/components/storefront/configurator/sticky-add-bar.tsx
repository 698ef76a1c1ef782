/**
 * On phones, the live price and Add to Cart stay in reach: a bar fixed to the bottom of the
 * screen while the configurator's own summary and button are out of view.
 * An IntersectionObserver watches the summary; the bar is a labelled region, and while it shows
 * the page gets bottom padding of the bar's height (app.css) so it never covers the last content.
 */
import { type RefObject, useEffect, useState } from "react";
import storefront from "../../../../domain/i18n/compiled/en/storefront.js";
import { formatMoney } from "../../../../domain/shared/money";
import { useT } from "../../../lib/i18n";
import { AddToCartButton } from "./add-to-cart-button";

export function StickyAddBar({
  watch,
  name,
  priceCents,
  adding,
  unavailable,
  form = "configurator",
}: {
  watch: RefObject<HTMLElement | null>;
  name: string;
  priceCents: number | null;
  adding: boolean;
  unavailable?: boolean;
  /** The configurator form's id: the bar's button submits it. */
  form?: string;
}) {
  const [visible, setVisible] = useState(false);
  const t = useT("storefront", storefront);
  useEffect(() => {
    const target = watch.current;
    if (!target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setVisible(!entry.isIntersecting);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [watch]);
  useEffect(() => {
    if (visible) document.documentElement.dataset.stickyBar = "";
    else delete document.documentElement.dataset.stickyBar;
    return () => {
      delete document.documentElement.dataset.stickyBar;
    };
  }, [visible]);
  return visible ? (
    <section
      aria-label={t("configurator.stickyBar")}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white/95 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur lg:hidden"
    >
      <div className="container-page flex items-center gap-3 py-3">
        <p className="min-w-0 flex-1 leading-tight">
          <span className="block truncate text-sm text-muted">{name}</span>
          <span className="text-lg font-semibold tabular-nums" data-testid="sticky-price">
            {priceCents === null ? t("configurator.enterSize") : formatMoney(priceCents)}
          </span>
        </p>
        <AddToCartButton
          priceCents={null}
          adding={adding}
          unavailable={unavailable || priceCents === null}
          form={form}
          className="btn-primary shrink-0"
        />
      </div>
    </section>
  ) : null;
}
