/** An order's timeline besides its statuses: visits booked and moved, payments, adjustments. */

import { findOrderEvents } from "../../db/repositories/orders/order-events";
import type { ServiceDeps } from "../deps";

export interface OrderEventView {
  id: number;
  kind: string;
  summary: string;
  actor: string;
  at: string;
}

export function createOrderTimeline(deps: ServiceDeps) {
  return {
    async orderEvents(orderId: number): Promise<OrderEventView[]> {
      return (await findOrderEvents(deps.db, orderId)).map((e) => ({
        id: e.id,
        kind: e.kind,
        summary: e.summary,
        actor: e.actor,
        at: e.created_at,
      }));
    },
  };
}
