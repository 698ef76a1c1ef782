import { createContext, useContext } from "react";

/**
 * The store's whole stylesheet (app.css after Tailwind, ~43 KB, ~7 KB compressed), inline in
 * the document's head instead of a render-blocking <link>: the first paint needs
 * only the HTML. The server renders it from entry.server.tsx (the `?inline` import keeps the
 * text out of the client bundle); in the browser the same text is read back from the element
 * the server sent, so hydration sees identical markup and client navigations keep it.
 * style-src already allows inline styles ('unsafe-inline'): the CSP is unchanged.
 */
const AppCssContext = createContext<string | null>(null);
export const AppCssProvider = AppCssContext.Provider;

const ID = "app-css";
let fromDocument: string | undefined;

function documentCss(): string {
  fromDocument ??= globalThis.document?.getElementById(ID)?.textContent ?? "";
  return fromDocument;
}

export function AppStyle() {
  const css = useContext(AppCssContext) ?? documentCss();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, no visitor input
  return <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
