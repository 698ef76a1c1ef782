/**
 * What the parts of a job card know of the phone's queue for its visit: the
 * card (app/components/scheduling/offline-job-card.tsx) provides it; the close-out and the
 * balance read it, so what waits is counted once.
 */
import { createContext, useContext } from "react";
import type { QueuedAction } from "./offline-queue";

/** What the card's parts know of the phone's queue for this visit. */
export interface OfflineVisit {
  visitId: number;
  /** The visit's revision the card was loaded with: a queued write's If-Match. */
  revision: string;
  queued: readonly QueuedAction[];
  /** Payments waiting to be sent, in cents: the balance the card shows is less by them. */
  waitingPaymentCents: number;
  /** A close-out of this visit waits to be sent. */
  closeOutWaiting: boolean;
}

export const OfflineVisitContext = createContext<OfflineVisit | null>(null);

/** The card's queue, or null outside a job card. */
export function useOfflineVisit(): OfflineVisit | null {
  return useContext(OfflineVisitContext);
}
