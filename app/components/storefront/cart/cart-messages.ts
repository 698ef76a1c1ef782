/** The cart namespace's words in the page's language (`useT("cart", cart)`). */
import type cart from "../../../../domain/i18n/compiled/en/cart.js";
import type { Translate } from "../../../lib/i18n";

export type CartT = Translate<keyof typeof cart>;
