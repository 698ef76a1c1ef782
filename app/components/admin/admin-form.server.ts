/**
 * Reading the back office's form fields (validation goes through the shared parseInput): the
 * same readers as the forms' domain functions (domain/back-office-form.ts), one copy.
 */
export {
  formNumber as numberField,
  formText as field,
} from "../../../domain/shared/back-office-form";
