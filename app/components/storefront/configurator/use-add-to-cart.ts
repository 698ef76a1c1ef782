/**
 * Add to Cart for every configurator: posts the item (app/lib/cart-api.ts), shows the result
 * as a toast, and revalidates so the header badge (root loader cartCount) updates.
 */
import { useState } from "react";
import { useRevalidator } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { addToCart, type CartItemPayload } from "../../../lib/cart-api";
import { useLanguage } from "../../../lib/i18n";
import { useToast } from "../../toast";

/** Ways on from the "Added to Cart" toast. */
export const ADDED_ACTIONS = [
  { label: "View cart", to: "/cart" },
  { label: "Check out", to: "/checkout" },
] as const;

export function useAddToCart() {
  const [adding, setAdding] = useState(false);
  const toast = useToast();
  const revalidator = useRevalidator();
  const language = useLanguage();
  async function add(item: CartItemPayload, success: { title: string; description: string }) {
    setAdding(true);
    try {
      await addToCart({ ...item, language });
      toast({ ...success, actions: ADDED_ACTIONS });
      await revalidator.revalidate();
    } catch (error) {
      toast({
        title: "Failed to add item to cart",
        description:
          error instanceof ApiError && error.userMessage && error.status < 500
            ? error.userMessage
            : "Please try again in a moment.",
        variant: "destructive",
      });
    } finally {
      setAdding(false);
    }
  }
  return { adding, add };
}
