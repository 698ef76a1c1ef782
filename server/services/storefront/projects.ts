/**
 * Saved projects (decision 523): a shopper keeps configured windows under a name, without an
 * account, and reopens, shares or emails the link; the prices are the catalog's of today, beside
 * the ones it had when saved. Adding a project to the cart adds every window or none.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  PROJECT_TOKEN_PATTERN,
  type ProjectInput,
} from "../../../domain/storefront/project-schema";
import { now } from "../../db/database";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import { listCartItems } from "../../db/repositories/storefront/carts";
import {
  findProjectByToken,
  insertProject,
  type ProjectItemColumns,
  type ProjectItemRecord,
} from "../../db/repositories/storefront/projects";
import { projectLinkEmail } from "../../email/project-emails";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";
import {
  buildItem,
  type CartItemView,
  type CartService,
  type CartView,
  type NewItem,
  priceStoredItem,
  toItemView,
} from "./cart";
import { isCartSessionId } from "./cart-session";

export interface ProjectItemView extends CartItemView {
  /** One piece's price when the project was saved. */
  savedPriceCents: number;
  /** One piece's price today; null when the catalog no longer sells it. */
  todayPriceCents: number | null;
  priceChanged: boolean;
}

export interface ProjectView {
  name: string;
  token: string;
  savedAt: string;
  items: ProjectItemView[];
}

const NOT_FOUND = "This saved project was not found. Check the link, or save your windows again.";

/** 256 bits, base64url (43 characters). */
function newProjectToken(): string {
  return randomBytes(32).toString("base64url");
}

type WindowColumns = Omit<ProjectItemColumns, "saved_unit_price_cents">;

/** The columns a cart item and a project item share: what the window is, not its price. */
function windowColumns(item: WindowColumns): WindowColumns {
  return {
    kind: item.kind,
    product_id: item.product_id,
    service_id: item.service_id,
    item_type: item.item_type,
    name: item.name,
    width_eighths: item.width_eighths,
    height_eighths: item.height_eighths,
    selected_color: item.selected_color,
    include_installation: item.include_installation,
    quantity: item.quantity,
    room_label: item.room_label,
    configuration: item.configuration,
  };
}

/** A new cart item's columns as a project keeps them (its price as saved). */
function savedColumns(item: NewItem): ProjectItemColumns {
  return { ...windowColumns(item), saved_unit_price_cents: item.unit_price_cents };
}

export function createProjectService(deps: ServiceDeps, cart: CartService) {
  const { db, catalog, config, emails } = deps;
  const limits = deps.limits.projectEmails;

  async function save(name: string, email: string | null, items: ProjectItemColumns[]) {
    const token = newProjectToken();
    await db
      .transaction()
      .execute((trx) => insertProject(trx, { token, name, email, created_at: now() }, items));
    return { token };
  }

  async function find(token: string) {
    const project = PROJECT_TOKEN_PATTERN.test(token) ? await findProjectByToken(db, token) : null;
    if (!project) throw new AppError("not_found", NOT_FOUND);
    return project;
  }

  return {
    /** POST /api/projects: every item priced by the server, as an add to the cart would be. */
    async create(input: ProjectInput): Promise<{ token: string }> {
      const ctx = await catalog.pricing();
      const items = input.items.map((item, i) => {
        try {
          return savedColumns(buildItem(ctx, item));
        } catch (error) {
          if (error instanceof AppError) {
            throw new AppError(error.code, `Item ${i + 1}: ${error.message}`);
          }
          throw error;
        }
      });
      return save(input.name, input.email ?? null, items);
    },

    /** The cart page's "Save as a project": the cart's items, at the prices they have today. */
    async createFromCart(
      cartId: string | null,
      input: { name: string; email?: string | undefined },
    ): Promise<{ token: string }> {
      const rows = isCartSessionId(cartId) ? await listCartItems(db, cartId) : [];
      const ctx = await catalog.pricing();
      const items = rows.flatMap((row) => {
        const price = priceStoredItem(ctx, row);
        if (!price) return [];
        return [savedColumns({ ...row, unit_price_cents: price.unitCents })];
      });
      if (items.length === 0) {
        throw new AppError("conflict", "Your cart is empty: add a window first, then save it.");
      }
      return save(input.name, input.email ?? null, items);
    },

    async get(token: string): Promise<ProjectView> {
      const project = await find(token);
      const ctx = await catalog.pricing();
      return {
        name: project.name,
        token: project.token,
        savedAt: project.createdAt,
        items: project.items.map((row) => {
          const today = priceStoredItem(ctx, row);
          const view = toItemView(row, today, ctx);
          return Object.assign(view, {
            savedPriceCents: row.saved_unit_price_cents,
            todayPriceCents: today?.unitCents ?? null,
            priceChanged: today === null || today.unitCents !== row.saved_unit_price_cents,
          });
        }),
      };
    },

    /**
     * Every window into the caller's cart at today's prices, in one transaction; a window the
     * catalog no longer sells refuses the whole add (409), naming it.
     */
    async addToCart(token: string, candidate: string | null, clientKey: string): Promise<CartView> {
      const project = await find(token);
      return cart.addItems(
        candidate,
        (ctx) =>
          project.items.map((row: ProjectItemRecord, i) => {
            const price = priceStoredItem(ctx, row);
            if (!price) {
              throw new AppError(
                "conflict",
                `Window ${i + 1} (${row.name}) is no longer sold as saved. Open it, choose again and add it to your cart on its own.`,
              );
            }
            return { ...windowColumns(row), unit_price_cents: price.unitCents };
          }),
        clientKey,
      );
    },

    /** POST /api/projects/:token/email: the link only, at most 5 an hour per email and project. */
    async email(token: string, to: string): Promise<void> {
      const project = await find(token);
      // Counted by a hash: the limiter's table never holds the address itself.
      await limits.perEmail.consume(`e-${createHash("sha256").update(to).digest("hex")}`);
      await limits.perProject.consume(String(project.id));
      await enqueueEmail(
        db,
        projectLinkEmail(
          config.business,
          to,
          project.name,
          `${config.publicUrl}/projects/${project.token}`,
        ),
      );
      emails.kick();
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
