/** The customer's session cookie for the /account pages (a `.server.ts`: never in the browser). */
export {
  accountSessionCookie,
  accountSessionToken,
  clearedAccountCookie,
} from "../../../server/sessions";
