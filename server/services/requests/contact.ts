/**
 * Contact messages: stored, emailed to the store, confirmed to the visitor (DECISIONS.md
 * "Contact form"). Limited per client address like reviews; the honeypot drops bots silently.
 */
import type { ContactInput } from "../../../domain/contact-schema";
import type { ServiceDeps } from "../../context";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import { insertContactMessage } from "../../db/repositories/requests/contact-messages";
import { contactConfirmationEmail, contactStoreEmail } from "../../email/contact-emails";
import { createRateLimiter } from "../../middleware/rate-limit";
import { createDatabaseRateLimitStore } from "../../middleware/rate-limit-store";
import type { SubmissionResult } from "../storefront/reviews";

export const CONTACT_MESSAGES_PER_HOUR = 5;

export function createContactService(deps: ServiceDeps) {
  const { db, config, logger, emails } = deps;
  const rateLimiter = createRateLimiter({
    store: createDatabaseRateLimitStore(db, "contact"),
    limit: CONTACT_MESSAGES_PER_HOUR,
    windowMs: 60 * 60_000,
    message: `You have sent ${CONTACT_MESSAGES_PER_HOUR} messages in the last hour. Please try again later, or call us at ${config.business.phone}.`,
  });

  return {
    rateLimiter,

    async submit(message: ContactInput, clientAddress: string): Promise<SubmissionResult> {
      await rateLimiter.consume(clientAddress);
      if (message.website) {
        logger.info("contact message dropped by honeypot", { clientAddress });
        return { stored: false, id: null };
      }
      const id = await db.transaction().execute(async (trx) => {
        const messageId = await insertContactMessage(trx, message);
        await enqueueEmail(
          trx,
          contactStoreEmail({
            business: config.business,
            storeEmail: config.storeEmail,
            messageId,
            message,
          }),
        );
        await enqueueEmail(
          trx,
          contactConfirmationEmail({ business: config.business, messageId, message }),
        );
        return messageId;
      });
      emails.kick();
      logger.info("contact message received", { messageId: id });
      return { stored: true, id };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
