/** The zebra collection and fabric a live price or a cart item names: both must be on sale. */
import {
  findSoldZebraFabric,
  isFabricSold,
  type ZebraCollection,
  type ZebraFabric,
} from "../../../domain/storefront/zebra";
import { fieldError } from "../../errors";

export function zebraCollectionUnavailable(collectionSlug: string) {
  return fieldError(
    "validation_failed",
    "fabricCollection",
    `${collectionSlug} is not available at the moment`,
  );
}

/** The sold fabric chosen, or a field error that lists the collection's sold fabrics. */
export function requireSoldZebraFabric(
  collections: readonly ZebraCollection[],
  choice: { fabricCollection: string; fabric: string },
): ZebraFabric {
  const collection = collections.find((x) => x.slug === choice.fabricCollection);
  if (!collection) throw zebraCollectionUnavailable(choice.fabricCollection);
  const fabric = findSoldZebraFabric(collections, choice.fabricCollection, choice.fabric);
  if (!fabric) {
    throw fieldError(
      "validation_failed",
      "fabric",
      `must be one of ${collection.fabrics
        .filter(isFabricSold)
        .map((f) => f.slug)
        .join(", ")} for the ${collection.name} collection`,
    );
  }
  return fabric;
}
