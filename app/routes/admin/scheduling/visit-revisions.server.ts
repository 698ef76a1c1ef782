/** What the job card's loader reads of the order's revision (decision 581), server-side only. */
export { orderRevision } from "../../../../server/api/platform/revisions";
