/** Contact use cases. Owned by the issue that builds this capability; filled in there. */
import type { ServiceDeps } from "../context";

export function createContactService(_deps: ServiceDeps) {
  return {};
}

export type ContactService = ReturnType<typeof createContactService>;
