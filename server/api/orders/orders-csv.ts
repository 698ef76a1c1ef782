/**
 * GET /api/admin/orders.csv: two exports, so that summing a column never
 * counts an order twice. The default has one row per item with the item's figures and only the
 * order's identity and customer; `?rows=orders` has one row per order with its totals, what was
 * paid and the balance. Amounts in dollars with two decimals.
 */
import { type CsvValue, csvAmount, toCsv } from "../../../domain/shared/csv";
import { describeOptions, type ProductOptions } from "../../../domain/storefront/product-options";
import type { ExportedOrder } from "../../services/orders/admin-orders";

// biome-ignore format: one line per CSV column would hide the shape of the row
const CUSTOMER_HEADER = [
  "reference", "created_at", "status", "first_name", "last_name", "email", "phone",
  "address", "city", "state", "zip_code", "order_number",
];

// biome-ignore format: as above
const ITEM_HEADER = [
  "item_position", "item_type", "item_name", "width_in", "height_in", "color", "options",
  "room", "quantity", "installation", "unit_price", "installation_price", "line_total",
];

// biome-ignore format: as above
const ORDER_HEADER = [
  "visit_window", "special_instructions", "item_count", "subtotal", "discount", "shipping",
  "tax", "total", "paid", "balance_due",
];

/** The mount and the other options in words ("Outside mount; Control side: Left"). */
function optionsCell(configuration: Record<string, unknown>): string {
  if (typeof configuration.mountType === "string") {
    return configuration.mountType === "outside" ? "Outside mount" : "Inside mount";
  }
  return describeOptions(configuration as Partial<ProductOptions>).join("; ");
}

function customerCells({ order: o }: ExportedOrder): CsvValue[] {
  // biome-ignore format: mirrors the header
  return [
    o.reference, o.created_at, o.status, o.first_name, o.last_name, o.email, o.phone,
    o.address, o.city, o.state, o.zip_code, o.order_number,
  ];
}

/** One row per item: item figures only (a column sums to the items' value). */
export function ordersToCsv(orders: readonly ExportedOrder[]): string {
  const rows: CsvValue[][] = [];
  for (const exported of orders) {
    const customer = customerCells(exported);
    for (const i of exported.items) {
      // biome-ignore format: keeps the row readable next to the header
      rows.push([
        ...customer,
        i.position + 1, i.itemType, i.productName, i.width, i.height || null, i.colorName,
        optionsCell(i.configuration), i.roomLabel, i.quantity, i.includeInstallation ? "yes" : "no",
        csvAmount(i.unitCents), csvAmount(i.installationCents),
        csvAmount(i.lineCents),
      ]);
    }
  }
  return toCsv([...CUSTOMER_HEADER, ...ITEM_HEADER], rows);
}

/** One row per order: its totals, paid and balance due. */
export function orderTotalsToCsv(orders: readonly ExportedOrder[]): string {
  const rows = orders.map((exported): CsvValue[] => {
    const o = exported.order;
    // biome-ignore format: mirrors the header
    return [
      ...customerCells(exported),
      o.visit_window, o.special_instructions, exported.items.length,
      csvAmount(o.subtotal_cents), csvAmount(o.discount_cents),
      csvAmount(o.shipping_cents), csvAmount(o.tax_cents), csvAmount(o.total_cents),
      csvAmount(o.paid_cents), csvAmount(o.total_cents - o.paid_cents),
    ];
  });
  return toCsv([...CUSTOMER_HEADER, ...ORDER_HEADER], rows);
}
