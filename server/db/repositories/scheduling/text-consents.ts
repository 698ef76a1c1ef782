/** What a customer agreed to about texts, when and from where (migration 0013, decision 214). */
import type { Db } from "../../database";

export async function insertTextConsent(
  db: Db,
  row: {
    phone: string;
    words: string;
    source: "booking" | "checkout";
    visitId: number | null;
    orderId: number | null;
    clientAddress: string;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto("text_consents")
    .values({
      phone: row.phone,
      words: row.words,
      source: row.source,
      visit_id: row.visitId,
      order_id: row.orderId,
      client_address: row.clientAddress,
      consented_at: row.at,
    })
    .execute();
}
