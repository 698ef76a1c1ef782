/**
 * Page actions and loaders read their input with the API's parser (server/api/validation.ts):
 * wrong content type → 415, malformed form or NUL characters → 400, each an AppError that
 * `actionError` / `loaderError` (action-errors.server.ts) turn into the page's answer.
 * A `.server.ts` module: React Router keeps it (and the server code it imports) out of the
 * browser bundle.
 */
export {
  parseInput,
  readFormRequest as readForm,
  readQuery,
} from "../../server/api/validation";
export { AppError } from "../../server/errors";
