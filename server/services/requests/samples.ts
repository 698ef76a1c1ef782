/**
 * Free sample requests: up to 5
 * colours or zebra fabrics, mailed free within the service area. Stored, emailed to the store,
 * confirmed to the shopper; limited per client address like reviews; the honeypot drops bots.
 */

import { z } from "zod";
import type { RequestStatus } from "../../../domain/requests/request-fields";
import {
  checkSampleItems,
  type SampleCatalog,
  type SampleItem,
  type SampleRequestInput,
  sampleItemSchema,
} from "../../../domain/requests/samples-schema";
import { isFabricSold } from "../../../domain/storefront/zebra";
import { now } from "../../db/database";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import { markRequestHandled } from "../../db/repositories/requests/request-status";
import {
  findSampleRequestById,
  insertSampleRequest,
  listSampleRequests,
  type SampleRecipient,
} from "../../db/repositories/requests/sample-requests";
import { parseStoredJson } from "../../db/stored-json";
import { sampleConfirmationEmail, sampleStoreEmail } from "../../email/request-emails";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";
import {
  duplicateSince,
  findRecentRequest,
  lockAndFindDuplicate,
  requestFingerprint,
} from "./request-fingerprint";
import { newRequestReference, requireServiceZip } from "./request-reference";

export { SAMPLE_REQUESTS_PER_HOUR } from "../../rate-limits";

export interface SampleOption {
  productType: string;
  productName: string;
  color: string;
  colorName: string;
  hex: string;
}

export interface SampleRequestView extends SampleRecipient {
  id: number;
  items: { productType: string; color: string; label: string }[];
  status: string;
  createdAt: string;
  handledAt: string | null;
}

export function createSampleService(deps: ServiceDeps) {
  const { db, dialect, config, logger, emails, catalog } = deps;
  const rateLimiter = deps.limits.samples;

  /** Every sample the catalog offers: each product's colours, each zebra fabric. */
  async function options(): Promise<SampleOption[]> {
    const [products, collections, pricing] = await Promise.all([
      catalog.listProducts(),
      catalog.listZebraCollections(),
      catalog.pricing(),
    ]);
    const out: SampleOption[] = [];
    for (const p of products) {
      if (p.type === "zebra-shades") {
        for (const c of collections) {
          for (const f of c.fabrics.filter(isFabricSold)) {
            out.push({
              productType: p.type,
              productName: p.name,
              color: f.slug,
              colorName: `${c.name} · ${f.name}`,
              hex: f.hex,
            });
          }
        }
        continue;
      }
      for (const key of p.colors) {
        const color = pricing.colors.find((x) => x.key === key);
        out.push({
          productType: p.type,
          productName: p.name,
          color: key,
          colorName: color?.name ?? key,
          hex: color?.hex ?? "#FFFFFF",
        });
      }
    }
    return out;
  }

  function catalogOf(all: readonly SampleOption[]): SampleCatalog {
    const map = new Map<string, Set<string>>();
    for (const o of all) {
      const set = map.get(o.productType) ?? new Set<string>();
      set.add(o.color);
      map.set(o.productType, set);
    }
    return map;
  }

  function labelOf(all: readonly SampleOption[], item: SampleItem): string {
    const o = all.find((x) => x.productType === item.productType && x.color === item.color);
    return o ? `${o.productName}: ${o.colorName}` : `${item.productType}: ${item.color}`;
  }

  function toView(
    row: Awaited<ReturnType<typeof listSampleRequests>>[number],
    all: readonly SampleOption[],
  ): SampleRequestView {
    const items = parseStoredJson(z.array(sampleItemSchema), row.items) ?? [];
    return {
      id: Number(row.id),
      reference: row.reference,
      name: row.name,
      email: row.email,
      address: row.address,
      city: row.city,
      zipCode: row.zip_code,
      items: items.map((i) => ({ ...i, label: labelOf(all, i) })),
      status: row.status,
      createdAt: row.created_at,
      handledAt: row.handled_at,
    };
  }

  return {
    rateLimiter,
    options,

    async submit(
      request: SampleRequestInput,
      clientAddress: string,
    ): Promise<{ stored: boolean; duplicate: boolean; reference: string }> {
      // Like reviews: a refused input is not counted, a honeypot hit is, and a
      // repeat of a request stored within the minute is answered with it.
      requireServiceZip(config.business, request.zipCode, "mail samples");
      const all = await options();
      const wrong = checkSampleItems(request.items, catalogOf(all));
      if (wrong) {
        throw new AppError("validation_failed", wrong.message, {
          fields: { [wrong.path]: wrong.message },
        });
      }
      const fingerprint = requestFingerprint("sample", {
        name: request.name,
        email: request.email,
        address: request.address,
        city: request.city,
        zipCode: request.zipCode,
        items: request.items.map((i) => `${i.productType}:${i.color}`),
      });
      // The same request again within the minute is the first one: not counted twice.
      const earlier = request.website
        ? null
        : await findRecentRequest(db, "sample_requests", fingerprint, duplicateSince());
      if (earlier) return { stored: false, duplicate: true, reference: earlier.reference };
      await rateLimiter.consume(clientAddress);
      const reference = newRequestReference("S");
      if (request.website) {
        logger.info("sample request dropped by honeypot");
        return { stored: false, duplicate: false, reference };
      }
      const itemLines = request.items.map((i) => labelOf(all, i));
      const saved = await db.transaction().execute(async (trx) => {
        const same = await lockAndFindDuplicate(trx, dialect, "sample_requests", fingerprint);
        if (same) return { id: same.id, reference: same.reference, duplicate: true };
        const requestId = await insertSampleRequest(trx, {
          ...request,
          reference,
          items: request.items.map(({ productType, color }) => ({ productType, color })),
          createdAt: now(),
          fingerprint,
        });
        const email = {
          business: config.business,
          storeEmail: config.storeEmail,
          publicUrl: config.publicUrl,
          id: requestId,
          reference,
          request,
          itemLines,
        };
        await enqueueEmail(trx, sampleStoreEmail(email));
        await enqueueEmail(trx, sampleConfirmationEmail(email));
        return { id: requestId, reference, duplicate: false };
      });
      if (saved.duplicate) {
        logger.info("sample request repeated", { sampleRequestId: saved.id });
        return { stored: false, duplicate: true, reference: saved.reference };
      }
      emails.kick();
      logger.info("sample request received", { sampleRequestId: saved.id });
      return { stored: true, duplicate: false, reference };
    },

    async list(status: RequestStatus | undefined): Promise<SampleRequestView[]> {
      const [rows, all] = await Promise.all([listSampleRequests(db, status), options()]);
      return rows.map((r) => toView(r, all));
    },

    async markHandled(id: number, actor: Actor): Promise<SampleRequestView> {
      const row = await db.transaction().execute(async (trx) => {
        const before = await findSampleRequestById(trx, id);
        if (!before) throw new AppError("not_found", "No sample request with that id.");
        await markRequestHandled(trx, "sample_requests", id, now());
        await recordAudit(trx, actor, "sample", `Sample request #${id} marked handled`, {
          before: { status: before.status },
          after: { status: "handled" },
        });
        return findSampleRequestById(trx, id);
      });
      if (!row) throw new AppError("not_found", "No sample request with that id.");
      return toView(row, await options());
    },
  };
}

export type SampleService = ReturnType<typeof createSampleService>;
