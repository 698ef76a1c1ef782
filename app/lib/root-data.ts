/**
 * What the root route's loader gives every page (business facts, the pages the catalog sells,
 * the cart count), read by components anywhere in the tree. Its own module so that the header
 * and footer, which root renders, don't import root back.
 */
import { useRouteLoaderData } from "react-router";
import type { PublicBusinessFacts } from "../../domain/shared/business";

export interface RootData {
  business: PublicBusinessFacts;
  publicUrl: string;
  /** Pages of what the catalog sells today: the header and footer link only to these. */
  offeredPaths: readonly string[];
  /** Filled in the browser after hydration (root clientLoader); never in the cached HTML. */
  cartCount: number | null;
}

/** Loader data of the root route, for components anywhere in the tree. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("root loader data missing");
  return data;
}
