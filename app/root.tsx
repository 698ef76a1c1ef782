import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import shared from "../domain/i18n/compiled/en/shared.js";
import { basePath, localizedPath } from "../domain/i18n/paths";
import { publicBusinessFacts } from "../domain/shared/business";
import { EVERY_OFFERED_PATH, offeredPaths } from "../domain/storefront/site-map";
import type { Route } from "./+types/root";
import { AppStyle } from "./components/app-style";
import { NotFoundPage, RefusedPage, ServerErrorPage } from "./components/error-page";
import { Footer } from "./components/footer";
import { Header } from "./components/header";
import { useNonce } from "./components/nonce";
import { ToastProvider } from "./components/toast";
import { fetchCartCount } from "./lib/cart-count";
import { useFocusHeadingOnNavigate } from "./lib/focus-heading";
import { useLanguage, useT } from "./lib/i18n";
import type { RootData } from "./lib/root-data";

export { useRootData } from "./lib/root-data";

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const { services } = context;
  // While the catalog can't be read, every page keeps its links (the home page says why).
  const offered = await Promise.all([
    services.catalog.listProducts(),
    services.catalog.listServices(),
  ]).then(
    ([products, catalogServices]) => offeredPaths(products, catalogServices),
    () => EVERY_OFFERED_PATH,
  );
  // The same for every visitor: pages are cached. The cart count comes from
  // the browser (clientLoader below), so it is never in the HTML.
  return {
    business: publicBusinessFacts(services.business),
    publicUrl: services.config.publicUrl,
    offeredPaths: offered,
    cartCount: null,
  };
}

// Business facts and the public URL are fixed for the life of the server process: the server
// data from hydration serves every later revalidation, which only re-counts the cart.
let serverData: ReturnType<typeof loader> | Promise<ReturnType<typeof loader>> | undefined;

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs): Promise<RootData> {
  serverData ??= serverLoader();
  const [data, cartCount] = await Promise.all([serverData, fetchCartCount()]);
  return { ...data, cartCount };
}
// After hydration (the server's HTML is shown meanwhile), and after every action or
// revalidate() (add to cart, quantity changes, checkout).
clientLoader.hydrate = true as const;

/**
 * The page's address in each language, for search engines (`hreflang`, both ways); English is
 * also the default for any other language. The back office has one language.
 */
function LanguageAlternates() {
  const { pathname } = useLocation();
  const root = useRouteLoaderData<RootData>("root");
  if (isBackOffice(pathname)) return null;
  const origin = root?.publicUrl ?? "";
  const english = basePath(pathname);
  return (
    <>
      <link rel="alternate" hrefLang="en" href={`${origin}${english}`} />
      <link rel="alternate" hrefLang="es" href={`${origin}${localizedPath(english, "es")}`} />
      <link rel="alternate" hrefLang="x-default" href={`${origin}${english}`} />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const language = useLanguage();
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4e5f" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The stylesheet inline and no font preload: the first paint needs only the HTML (decision 144). */}
        <AppStyle />
        <Meta />
        <LanguageAlternates />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col font-sans antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The back office has its own header and navigation: no store header, cart or footer. */
function isBackOffice(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

function Shell({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const t = useT("shared", shared);
  useFocusHeadingOnNavigate("main");
  useEffect(() => {
    // Marks hydration done (e2e tests wait for it before clicking).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  if (isBackOffice(pathname)) return <ToastProvider>{children}</ToastProvider>;
  return (
    <ToastProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-primary focus:shadow"
      >
        {t("skipLink")}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </ToastProvider>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/**
 * Every error a public page doesn't handle itself: a 404 (an unknown address or
 * a loader's "not found"), a refusal in the loader's words, or, for anything unexpected, a
 * plain apology with the phone number. React Router keeps the status (404, 500…); in production
 * an unexpected error reaches this component as "Unexpected Server Error", and nothing of it is
 * shown: the server has logged it (entry.server.tsx).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<RootData>("root");
  const t = useT("shared", shared);
  const phone = root?.business.phone ?? null;
  const response = isRouteErrorResponse(error) ? error : null;
  if (!response && typeof window !== "undefined") {
    // Logged for us in the browser console; never shown to the visitor.
    console.error(error);
  }
  const text = response && typeof response.data === "string" ? response.data : null;
  const body =
    response?.status === 404 ? (
      <NotFoundPage message={text} phone={phone} />
    ) : response && response.status < 500 && text ? (
      <RefusedPage message={text} phone={phone} />
    ) : (
      <ServerErrorPage phone={phone} />
    );
  const title = t(response?.status === 404 ? "error.notFound.title" : "error.server.short");
  return (
    <>
      {/* The failed route's own meta may be missing or say too much: one plain title. */}
      <title>{root ? `${title} | ${root.business.name}` : title}</title>
      <meta name="robots" content="noindex" />
      {root ? (
        <Shell>{body}</Shell>
      ) : (
        <main id="main" tabIndex={-1}>
          {body}
        </main>
      )}
    </>
  );
}
