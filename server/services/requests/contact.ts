/**
 * Contact messages: stored, emailed to the store, confirmed to the visitor (DECISIONS.md
 * "Contact form"). Limited per client address like reviews; the honeypot drops bots silently.
 */
import type { ContactInput } from "../../../domain/requests/contact-schema";
import { enqueueEmails } from "../../db/repositories/platform/email-outbox";
import { insertContactMessage } from "../../db/repositories/requests/contact-messages";
import { contactConfirmationEmail, contactStoreEmail } from "../../email/contact-emails";
import type { ServiceDeps } from "../deps";
import type { SubmissionResult } from "../storefront/reviews";

export { CONTACT_MESSAGES_PER_HOUR } from "../../rate-limits";

export function createContactService(deps: ServiceDeps) {
  const { db, config, logger, emails } = deps;
  const rateLimiter = deps.limits.contact;

  return {
    rateLimiter,

    async submit(message: ContactInput, clientAddress: string): Promise<SubmissionResult> {
      if (message.website) {
        await rateLimiter.consume(clientAddress);
        logger.info("contact message dropped by honeypot");
        return { stored: false, id: null };
      }
      // The count, the message and its two emails: one transaction, so one COMMIT to wait for
      // (on SQLite, shared with the transactions queued beside it: decisions 345, 361). A
      // refusal (429) rolls its own count back; the address stays at its limit either way.
      const id = await db.transaction().execute(async (trx) => {
        await rateLimiter.within(trx).consume(clientAddress);
        const messageId = await insertContactMessage(trx, message);
        // Both emails in one statement (decision 391).
        await enqueueEmails(trx, [
          contactStoreEmail({
            business: config.business,
            storeEmail: config.storeEmail,
            messageId,
            message,
          }),
          contactConfirmationEmail({ business: config.business, messageId, message }),
        ]);
        return messageId;
      });
      emails.kick();
      logger.info("contact message received", { messageId: id });
      return { stored: true, id };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
