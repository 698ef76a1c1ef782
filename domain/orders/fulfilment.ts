/**
 * One fulfilment story: an order with any installed item is measured on site, installed and paid at
 * installation; an order with none is delivered in the service area and paid on delivery, after
 * we call to confirm the sizes. Checkout, the confirmation page, the emails and the status page
 * all read their words from here, so a DIY-only order never promises a measurement or an
 * installation.
 */
import type { BusinessFacts } from "../shared/business";
import { oneOf } from "../shared/one-of";
import { ORDER_PROGRESS, orderStatusLabel } from "./order-status";

export type Fulfilment = "installed" | "delivered";

export interface FulfilmentItem {
  includeInstallation: boolean;
  /** "track-replacement" (a service, always installed by us) or a product type. */
  itemType: string;
}

export function fulfilmentOf(items: readonly FulfilmentItem[]): Fulfilment {
  return items.some((i) => i.includeInstallation || i.itemType === "track-replacement")
    ? "installed"
    : "delivered";
}

type Facts = Pick<BusinessFacts, "contactReplyHours" | "delivery" | "installationHours" | "county">;

export interface NextStep {
  title: string;
  text: string;
}

/**
 * What happens after the order is placed, step by step: the spec's four cards (confirmation
 * email, personal call, measurement appointment, installation) for an installed order; for a
 * DIY-only order the same first two, then making and delivery, never a measurement.
 */
export function nextSteps(fulfilment: Fulfilment, facts: Facts): NextStep[] {
  const email = {
    title: "Confirmation Email",
    text: "We've emailed you a confirmation with your order details and a link to follow your order.",
  };
  const call = `Personal Call Within ${facts.contactReplyHours} Hours`;
  if (fulfilment === "installed") {
    return [
      email,
      { title: call, text: "We call to confirm your order and set up the measurement visit." },
      {
        title: "Measurement Appointment",
        text: `Our specialist measures every window on site before anything is made; your custom items are then made in ${facts.delivery.customDays} days.`,
      },
      {
        title: "Professional Installation",
        text: `We install in about ${facts.installationHours} hours and hand over any DIY items at the same visit. You pay at installation: cash, check or card.`,
      },
    ];
  }
  return [
    email,
    { title: call, text: "We call to confirm the sizes you entered before we make anything." },
    {
      title: "Made to Your Sizes",
      text: `Your custom items are made in ${facts.delivery.customDays} days.`,
    },
    {
      title: "Delivery",
      text: `We deliver to your address in ${facts.county}. You pay on delivery: cash, check or card.`,
    },
  ];
}

/** One sentence for checkout and short notices. */
export function fulfilmentSummary(fulfilment: Fulfilment): string {
  return `No payment today. ${fulfilmentWay(fulfilment)}`;
}

/** What happens after the order, for a place that already says "no payment today" as its heading. */
export function fulfilmentWay(fulfilment: Fulfilment): string {
  return fulfilment === "installed"
    ? "Our specialist measures on site before we make anything, then installs; you pay at installation."
    : "We call to confirm your sizes, make your order and deliver it; you pay on delivery. No measuring visit or installation is included.";
}

export interface ProgressStep {
  status: (typeof ORDER_PROGRESS)[number];
  label: string;
  state: "done" | "current" | "upcoming";
}

/** The status page's tracker: every step done up to the current one; none when cancelled. */
export function progressSteps(fulfilment: Fulfilment, status: string): ProgressStep[] {
  const at = oneOf(ORDER_PROGRESS, status) ? ORDER_PROGRESS.indexOf(status) : -1;
  return ORDER_PROGRESS.map((s, i) => ({
    status: s,
    label: orderStatusLabel(s, fulfilment),
    state:
      at < 0
        ? "upcoming"
        : i < at || (i === at && s === "completed")
          ? "done"
          : i === at
            ? "current"
            : "upcoming",
  }));
}

/** The current status in the shopper's words (the one table of domain/order-status). */
export function progressLabel(fulfilment: Fulfilment, status: string): string | null {
  return oneOf(ORDER_PROGRESS, status) ? orderStatusLabel(status, fulfilment) : null;
}
