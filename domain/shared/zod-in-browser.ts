/**
 * zod 4 probes `new Function("")` when it builds an object schema, to decide whether to compile
 * parsers; under our CSP (no 'unsafe-eval') the caught probe is still reported as a CSP
 * violation. In the browser zod interprets and never probes. Every schema module that reaches
 * a browser bundle (review-schema: the review form; admin-schema: the admin pages) imports this
 * FIRST, so the setting is in place before any of its schemas is built, whatever order the
 * route modules load in. Servers keep the compiled parsers.
 */
import { config } from "zod";

if (typeof document !== "undefined") config({ jitless: true });
