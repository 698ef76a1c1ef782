/**
 * The anchors where the order page's forms show their answers (FormResult): each form posts to
 * `#` + its anchor, so the answer is in view beside it with or without JavaScript.
 */
export const ORDER_RESULTS = {
  adjust: "adjust-result",
  visits: "visits-result",
  supply: "supply-result",
  payments: "payments-result",
  status: "status-result",
  note: "note-result",
} as const;
