import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until React has hydrated, true after. Controls whose click
 * handler refuses an action (aria-disabled, decision 132) say so only once that handler runs:
 * before, the form posts and the server answers.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
