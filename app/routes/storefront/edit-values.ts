/**
 * The cart line's Edit link: the item's choices travel in the configurator page's
 * query string under the form's own field names, with `replace` naming the line. Pages with a
 * query string are never cached (server/runtime/page-cache.ts), so each edit renders its own form.
 */
import type { FormValues } from "../../../domain/storefront/cart-form";

const MAX_VALUE = 80;

export function editValuesFromUrl(url: string): FormValues {
  const params = new URL(url).searchParams;
  const out: FormValues = {};
  let n = 0;
  for (const [k, v] of params) {
    if (n++ >= 30) break;
    if (/^[A-Za-z]{1,30}$/.test(k)) out[k] = v.slice(0, MAX_VALUE);
  }
  return out;
}
