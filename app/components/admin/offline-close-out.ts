/**
 * The close-out kept on the phone: the same multipart form POST
 * /api/admin/visits/:id/close-out takes (items, signerName, payment or balanceReason, photos,
 * signature), its files kept as Blobs in the queue, sent after the actions queued before it
 * with its Idempotency-Key and the visit's revision as If-Match.
 */

import { closeOutPaymentSchema } from "../../../domain/purchasing/purchasing";
import { amountToCents, formatMoney } from "../../../domain/shared/money";
import { enqueue, fileBytes, type QueuedBody, type QueuedPart } from "./offline-queue";

/** The form's fields and files as the queue keeps them, in the form's order. */
export function partsOf(form: FormData): QueuedPart[] {
  const parts: QueuedPart[] = [];
  for (const [name, value] of form) {
    parts.push(
      typeof value === "string" ? { name, value } : { name, file: value, fileName: value.name },
    );
  }
  return parts;
}

function textOf(parts: readonly QueuedPart[], name: string): string | null {
  const part = parts.find((p) => p.name === name);
  return part && "value" in part ? part.value : null;
}

function jsonOf(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/** "Close-out: 3 items, 2 photos (1.4 MB with the signature), signed by Ana Ruiz, $200.00 collected (cash)" */
export function closeOutLabel(body: QueuedBody): string {
  if (body.kind !== "multipart") return "Close-out";
  const { parts } = body;
  const list = jsonOf(textOf(parts, "items"));
  const items = Array.isArray(list) ? list.length : 0;
  const photos = parts.filter((p) => p.name === "photos").length;
  const bytes = fileBytes(body);
  const size =
    bytes < 1024 * 1024
      ? `${Math.ceil(bytes / 1024)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const words = [
    `${items} ${items === 1 ? "item" : "items"}`,
    `${photos} ${photos === 1 ? "photo" : "photos"} (${size} with the signature)`,
    `signed by ${textOf(parts, "signerName") ?? "the customer"}`,
  ];
  const payment = closeOutPaymentSchema.safeParse(jsonOf(textOf(parts, "payment")));
  if (payment.success) {
    const { amount, method } = payment.data;
    words.push(`${formatMoney(amountToCents(amount))} collected (${method})`);
  }
  return `Close-out: ${words.join(", ")}`;
}

/** Keeps the close-out on the phone; throws QueueFullError past the photo budget. */
export async function queueCloseOut(
  visit: { visitId: number; revision: string },
  form: FormData,
  idempotencyKey?: string,
): Promise<void> {
  const body: QueuedBody = { kind: "multipart", parts: partsOf(form) };
  await enqueue(
    {
      visitId: visit.visitId,
      ifMatch: visit.revision,
      label: closeOutLabel(body),
      url: `/api/admin/visits/${visit.visitId}/close-out`,
      body,
    },
    idempotencyKey,
  );
}
