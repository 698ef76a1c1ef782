/**
 * What checkout says when an order is refused, in the page's language: a title from the
 * answer's code and a sentence. The English page keeps the answer's own sentence (the one error
 * mapping's words); the Spanish page says it from the catalog by code and by field, since the
 * answer's sentence is English.
 */
import type { Language } from "../../../domain/i18n/language";
import { hasMissingRequiredField } from "../../../domain/orders/checkout-fields";
import { type FormFailure, replyValues } from "../../lib/forms";
import type { OrdersKey, OrdersT } from "./order-words";

export interface Refusal {
  title: string;
  description: string;
}

/** The title and sentence of a refusal, from its code and what was typed (never its wording). */
export function checkoutRefusal(
  t: OrdersT,
  language: Language,
  failure: FormFailure,
  business: { county: string; phone: string },
): Refusal {
  const failed = {
    title: t("checkout.failed.title"),
    description: t("checkout.failed.description"),
  };
  if (failure.code === "internal") return failed;
  if (failure.code === "validation_failed" && hasMissingRequiredField(replyValues(failure))) {
    return { title: t("checkout.missing.title"), description: t("checkout.missing.description") };
  }
  const title = refusalTitle(t, failure.code) ?? failed.title;
  if (language === "en") return { title, description: failure.message };
  return { title, description: spanishSentence(t, failure, business) ?? failed.description };
}

function refusalTitle(t: OrdersT, code: string): string | null {
  switch (code) {
    case "outside_service_area":
      return t("checkout.refusal.outside_service_area");
    case "totals_mismatch":
      return t("checkout.refusal.totals_mismatch");
    case "validation_failed":
    case "unsupported_media_type":
    case "bad_request":
      return t("checkout.refusal.check");
    default:
      return null;
  }
}

function spanishSentence(
  t: OrdersT,
  failure: FormFailure,
  business: { county: string; phone: string },
): string | null {
  if (failure.code === "outside_service_area") return t("checkout.outsideArea", business);
  if (failure.code === "totals_mismatch") return t("checkout.pricesUpdated");
  if (failure.code === "validation_failed") {
    const count = Object.keys(failure.reply.error ?? {}).filter((k) => k !== "").length;
    return t("checkout.correct", { count: Math.max(count, 1) });
  }
  return null;
}

const FIELD_KEYS: Readonly<Record<string, OrdersKey | undefined>> = {
  firstName: "field.firstName",
  lastName: "field.lastName",
  email: "field.email",
  phone: "field.phone",
  address: "field.address",
  city: "field.city",
  zipCode: "field.zipCode",
  specialInstructions: "field.specialInstructions",
  visitWindow: "field.visitWindow",
};

/**
 * The field messages in the page's language: English keeps the schema's own words, Spanish
 * says each field's message from the catalog (the schema's are English).
 */
export function checkoutFieldErrors(
  t: OrdersT,
  language: Language,
  errors: Record<string, string>,
): Record<string, string> {
  if (language === "en") return errors;
  const out: Record<string, string> = {};
  for (const name of Object.keys(errors)) {
    out[name] = t(FIELD_KEYS[name] ?? "field.other");
  }
  return out;
}
