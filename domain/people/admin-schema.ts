/** Inputs of the admin back office, shared by the admin pages' actions and /api/admin. */
// First: zod is told to run jitless in the browser before any schema below is built.
import "../shared/zod-in-browser";
import { z } from "zod";
import { ORDER_STATUSES } from "../orders/order-status";
import { REQUEST_STATUSES } from "../requests/request-fields";
import { nonEmpty } from "../shared/one-of";

export const ADMIN_PASSWORD_MIN = 8;
export const ADMIN_PASSWORD_MAX = 200;

/** A new admin password (npm run admin:password). */
export const adminPasswordSchema = z
  .string()
  .min(ADMIN_PASSWORD_MIN, `The password must be at least ${ADMIN_PASSWORD_MIN} characters.`)
  .max(ADMIN_PASSWORD_MAX, `The password must be at most ${ADMIN_PASSWORD_MAX} characters.`);

const statusList = ORDER_STATUSES.join(", ");

export const orderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${statusList}` }),
  /** Email the customer about the change (queued in the outbox). */
  notifyCustomer: z.boolean({ error: "notifyCustomer must be true or false" }).default(false),
  note: z
    .string({ error: "note must be text" })
    .trim()
    .max(500, "note must be at most 500 characters")
    .optional()
    .transform((v) => (v ? v : null)),
});
export type OrderStatusChange = z.output<typeof orderStatusChangeSchema>;

export const ORDER_NOTE_MAX = 2000;
export const orderNoteSchema = z.object({
  body: z
    .string({ error: "body must be text" })
    .trim()
    .min(1, "Write the note before saving it.")
    .max(ORDER_NOTE_MAX, `A note must be at most ${ORDER_NOTE_MAX} characters.`),
});

export const ADMIN_PAGE_SIZE = 20;

/** Query of the orders list and the CSV export (?status=&q=&page=). */
/** Columns the orders table sorts by; the newest first unless another is asked for. */
export const ORDER_SORT_COLUMNS = ["number", "customer", "status", "total", "balance"] as const;
export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];
export const ORDER_SORTS = nonEmpty(ORDER_SORT_COLUMNS.flatMap((c) => [c, `-${c}`]));

export const ordersQuerySchema = z.object({
  status: z
    .union([z.enum(ORDER_STATUSES), z.literal("")], {
      error: `status must be one of ${statusList}`,
    })
    .optional()
    .transform((v) => (v ? v : undefined)),
  q: z
    .string()
    .trim()
    .max(100, "q must be at most 100 characters")
    .optional()
    .transform((v) => (v ? v : undefined)),
  page: z.coerce
    .number({ error: "page must be a whole number from 1" })
    .int("page must be a whole number from 1")
    .min(1, "page must be a whole number from 1")
    .max(100_000, "page must be at most 100000")
    .default(1),
  pageSize: z.coerce
    .number({ error: "pageSize must be a whole number from 1 to 100" })
    .int("pageSize must be a whole number from 1 to 100")
    .min(1, "pageSize must be a whole number from 1 to 100")
    .max(100, "pageSize must be a whole number from 1 to 100")
    .default(ADMIN_PAGE_SIZE),
  /** The orders table's sort: a column, "-" first for descending. */
  sort: z.enum(ORDER_SORTS, { error: `sort must be one of ${ORDER_SORTS.join(", ")}` }).optional(),
});
export type OrdersQuery = z.output<typeof ordersQuerySchema>;

export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const reviewsQuerySchema = z.object({
  status: z
    .enum(REVIEW_STATUSES, { error: "status must be pending, approved or rejected" })
    .default("pending"),
});

export const MESSAGE_STATUSES = ["new", "handled"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const messagesQuerySchema = z.object({
  status: z
    .enum([...MESSAGE_STATUSES, "all"], { error: "status must be new, handled or all" })
    .default("new"),
});

/** GET /api/admin/samples and /api/admin/estimates: `?status=new|handled|all`. */
export const requestsQuerySchema = z.object({
  status: z
    .enum([...REQUEST_STATUSES, "all"], { error: "status must be new, handled or all" })
    .default("new"),
});

/** Visit windows offered at checkout, as the admin shows them. */
export function visitWindowLabel(value: string | null): string {
  if (!value) return "No preference";
  const labels: Record<string, string> = {
    "weekday-morning": "Weekday mornings",
    "weekday-mornings": "Weekday mornings",
    "weekday-afternoon": "Weekday afternoons",
    "weekday-afternoons": "Weekday afternoons",
    saturday: "Saturday",
  };
  return labels[value] ?? value;
}
