/** Suppliers (owners) and each product's supplier. */
import type { SupplierCreate, SupplierUpdate } from "../../../domain/purchasing/purchasing";
import { now } from "../../db/database";
import {
  findSupplierById,
  insertSupplier,
  listSuppliers,
  productSuppliers,
  type SupplierRow,
  setProductSupplier,
  updateSupplier,
} from "../../db/repositories/purchasing/suppliers";
import { AppError, present } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";

export interface SupplierView {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  accountNumber: string | null;
  leadDays: number;
}

export function toSupplierView(row: SupplierRow): SupplierView {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    accountNumber: row.account_number,
    leadDays: Number(row.lead_days),
  };
}

export function createSupplierService(deps: Pick<ServiceDeps, "db" | "catalog">) {
  const { db, catalog } = deps;
  return {
    async list(): Promise<SupplierView[]> {
      return (await listSuppliers(db)).map(toSupplierView);
    },

    async get(id: number): Promise<SupplierView> {
      const row = await findSupplierById(db, id);
      if (!row) throw new AppError("not_found", "Supplier not found.");
      return toSupplierView(row);
    },

    async create(input: SupplierCreate, actor: Actor): Promise<SupplierView> {
      const at = now();
      const id = await db.transaction().execute(async (trx) => {
        const newId = await insertSupplier(trx, {
          name: input.name,
          email: input.email,
          phone: input.phone,
          account_number: input.accountNumber,
          lead_days: input.leadDays,
          created_at: at,
          updated_at: at,
        });
        await recordAudit(trx, actor, "purchasing", `Supplier added: ${input.name}`, {
          after: { id: newId, ...input },
        });
        return newId;
      });
      return toSupplierView(present(await findSupplierById(db, id), `supplier ${id}`));
    },

    async update(id: number, input: SupplierUpdate, actor: Actor): Promise<SupplierView> {
      await db.transaction().execute(async (trx) => {
        const before = await findSupplierById(trx, id);
        if (!before) throw new AppError("not_found", "Supplier not found.");
        await updateSupplier(trx, id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
          ...(input.accountNumber !== undefined ? { account_number: input.accountNumber } : {}),
          ...(input.leadDays !== undefined ? { lead_days: input.leadDays } : {}),
          updated_at: now(),
        });
        await recordAudit(trx, actor, "purchasing", `Supplier changed: ${before.name}`, {
          before: toSupplierView(before),
          after: input,
        });
      });
      return toSupplierView(present(await findSupplierById(db, id), `supplier ${id}`));
    },

    /** The product's supplier id, or null. */
    async productSupplierId(productId: number): Promise<number | null> {
      return (await productSuppliers(db)).get(productId) ?? null;
    },

    /** Product id → supplier id, for the catalog editor. */
    productSuppliers: () => productSuppliers(db),

    /** PATCH /api/admin/products/:id { supplierId }: who makes the product. */
    async setProductSupplier(
      productId: number,
      supplierId: number | null,
      actor: Actor,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const supplier = supplierId === null ? null : await findSupplierById(trx, supplierId);
        if (supplierId !== null && !supplier) {
          const message = "supplierId: no supplier has this id.";
          throw new AppError("validation_failed", message, { fields: { supplierId: message } });
        }
        if (!(await setProductSupplier(trx, productId, supplierId, now()))) {
          throw new AppError("not_found", "Product not found.");
        }
        await recordAudit(
          trx,
          actor,
          "catalog",
          `Product ${productId}: supplier ${supplier ? supplier.name : "none"}`,
          { after: { productId, supplierId } },
        );
      });
      catalog.invalidate();
    },
  };
}

export type SupplierService = ReturnType<typeof createSupplierService>;
