/**
 * Contact messages: stored, emailed to the store, confirmed to the visitor. Limited per client address like reviews; the honeypot drops bots silently.
 * The confirmation quotes nothing the sender typed and one email address gets at most
 * CONTACT_CONFIRMATIONS_PER_DAY of them, so the form cannot relay mail to a stranger (decision
 * 465).
 */
import { createHash } from "node:crypto";
import type { ContactInput } from "../../../domain/requests/contact-schema";
import { enqueueEmails } from "../../db/repositories/platform/email-outbox";
import { insertContactMessage } from "../../db/repositories/requests/contact-messages";
import { contactConfirmationEmail, contactStoreEmail } from "../../email/contact-emails";
import type { ServiceDeps } from "../deps";
import type { SubmissionResult } from "../storefront/reviews";

export { CONTACT_CONFIRMATIONS_PER_DAY, CONTACT_MESSAGES_PER_HOUR } from "../../rate-limits";

/** Keyed by a hash: the limits table holds no email address. */
function emailKey(email: string): string {
  return `e-${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;
}

export function createContactService(deps: ServiceDeps) {
  const { db, config, logger, emails } = deps;
  const rateLimiter = deps.limits.contact;
  const confirmations = deps.limits.contactConfirmations;

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
        const confirm = (await confirmations.within(trx).take(emailKey(message.email))) === 0;
        const messageId = await insertContactMessage(trx, message);
        // Both emails in one statement.
        await enqueueEmails(trx, [
          contactStoreEmail({
            business: config.business,
            storeEmail: config.storeEmail,
            messageId,
            message,
          }),
          ...(confirm
            ? [contactConfirmationEmail({ business: config.business, messageId, message })]
            : []),
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
