/**
 * Derived, display-ready business facts for the information pages (FAQ, returns, warranty,
 * maintenance): every number comes from BusinessFacts or the pricing rules, never typed.
 */

import { formatTaxPercent, SURTAX_ITEM_CAP_CENTS } from "../orders/sales-tax";
import type { PublicBusinessFacts } from "../shared/business";
import { formatHours } from "../shared/business";
import { PRODUCT_HEIGHT, PRODUCT_WIDTH, ZEBRA_HEIGHT, ZEBRA_WIDTH } from "../shared/dimensions";
import { formatMoney } from "../shared/money";
import { type InstallationTier, installationCents } from "./pricing";

export interface Question {
  question: string;
  answer: string;
}

/** `tiers`: the catalog's installation tiers (PricingContext.installationTiers). */
export function infoFacts(b: PublicBusinessFacts, tiers: readonly InstallationTier[]) {
  const percent = (basisPoints: number) => `${basisPoints / 100}%`;
  return {
    freeShippingOver: formatMoney(b.freeShippingOverCents),
    shipping: formatMoney(b.shippingCents),
    tax: formatTaxPercent(b.salesTaxBasisPoints),
    stateTax: formatTaxPercent(b.salesTaxBasisPoints - b.surtaxBasisPoints),
    surtax: b.surtaxBasisPoints > 0 ? formatTaxPercent(b.surtaxBasisPoints) : null,
    surtaxCap: formatMoney(SURTAX_ITEM_CAP_CENTS).replace(/\.00$/, ""),
    multipleDiscount: percent(b.multipleBlindDiscountBasisPoints),
    installSmall: formatMoney(installationCents(tiers, 60)),
    installMedium: formatMoney(installationCents(tiers, 96)),
    installLarge: formatMoney(installationCents(tiers, 96.125)),
    hours: formatHours(b.hours).join(", "),
    cities: b.serviceCities.join(", "),
    productWidth: `${PRODUCT_WIDTH.min}–${PRODUCT_WIDTH.max}`,
    productHeight: `${PRODUCT_HEIGHT.min}–${PRODUCT_HEIGHT.max}`,
    zebraWidth: `${ZEBRA_WIDTH.min}–${ZEBRA_WIDTH.max}`,
    zebraHeight: `${ZEBRA_HEIGHT.min}–${ZEBRA_HEIGHT.max}`,
  };
}
