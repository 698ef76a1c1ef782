/** Configurators compute prices in the browser: without JavaScript, say so and offer the phone. */
import { phoneHref } from "../../../domain/business";
import { useRootData } from "../../lib/root-data";

export function NoscriptNote() {
  const { business } = useRootData();
  return (
    <noscript>
      <p className="mt-4 rounded-md border border-accent bg-accent/5 p-4 text-ink">
        This configurator needs JavaScript to show your price and add items to the cart. Turn
        JavaScript on, or call us at{" "}
        <a href={phoneHref(business.phone)} className="font-semibold text-primary underline">
          {business.phone}
        </a>{" "}
        and we will take your order by phone.
      </p>
    </noscript>
  );
}
