/**
 * Hydration, as React Router's default entry does it, after one step: a Spanish page
 * (`<html lang="es">`) first loads the Spanish catalogs (one chunk), so that the first render in
 * the browser reads the same words the server wrote. English pages never fetch them.
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { registerSpanishCatalogs } from "./lib/i18n";

async function hydrate(): Promise<void> {
  if (document.documentElement.lang === "es") {
    const { SPANISH_CATALOGS } = await import("./lib/spanish-catalogs");
    registerSpanishCatalogs(SPANISH_CATALOGS);
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void hydrate();
