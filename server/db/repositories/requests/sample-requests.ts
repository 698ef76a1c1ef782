/** Free sample requests: stored by the public form, listed and marked handled by the admin. */

import type { RequestStatus } from "../../../../domain/requests/request-fields";
import type { Db } from "../../database";
import type { SampleRequestRow } from "../../types";
import { listedRequests, newRequestColumns } from "./request-status";

/** Who asks for samples and where they go. */
export interface SampleRecipient {
  reference: string;
  name: string;
  email: string;
  address: string;
  city: string;
  zipCode: string;
}

export interface NewSampleRequest extends SampleRecipient {
  items: readonly { productType: string; color: string }[];
  createdAt: string;
  fingerprint: string;
}

export async function insertSampleRequest(db: Db, request: NewSampleRequest): Promise<number> {
  const row = await db
    .insertInto("sample_requests")
    .values({
      reference: request.reference,
      name: request.name,
      email: request.email,
      address: request.address,
      city: request.city,
      zip_code: request.zipCode,
      items: JSON.stringify(request.items),
      ...newRequestColumns(request),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function listSampleRequests(
  db: Db,
  status: RequestStatus | undefined,
): Promise<SampleRequestRow[]> {
  return listedRequests(db.selectFrom("sample_requests").selectAll(), status);
}

export async function findSampleRequestById(db: Db, id: number): Promise<SampleRequestRow | null> {
  const row = await db
    .selectFrom("sample_requests")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}
