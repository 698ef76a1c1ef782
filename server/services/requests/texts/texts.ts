/** The texts service (decision 550): inbound texts, the inbox and the consent ledger. */

import type { ServiceDeps } from "../../deps";
import { withDeps } from "../../deps";
import type { TextDispatcher } from "../../platform/text-dispatcher";
import { receiveInboundText } from "./inbound";
import {
  listTextThreads,
  openTextThread,
  replyToTextThread,
  textConsentLedger,
  textMedia,
  unreadTextThreads,
} from "./inbox";

export function createTextInboxService(deps: ServiceDeps & { texts: TextDispatcher }) {
  return {
    receive: withDeps(deps, receiveInboundText),
    list: withDeps(deps, listTextThreads),
    unreadCount: withDeps(deps, unreadTextThreads),
    open: withDeps(deps, openTextThread),
    reply: withDeps(deps, replyToTextThread),
    ledger: withDeps(deps, textConsentLedger),
    media: withDeps(deps, textMedia),
  };
}

export type TextInboxService = ReturnType<typeof createTextInboxService>;
