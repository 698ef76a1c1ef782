import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { contactFormToObject, contactInputSchema } from "../../../domain/requests/contact-schema";
import { CONTACT_LABELS, ContactForm } from "../../components/requests/contact-form";
import { ContactDetails } from "../../components/storefront/info/contact-details";
import { InfoHeader } from "../../components/storefront/info/info-layout";
import { useToast } from "../../components/toast";
import { formFailure } from "../../lib/action-errors.server";
import { parseInput, readForm } from "../../lib/form-input.server";
import { isFormFailure } from "../../lib/forms";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/contact";

export async function action({ request, context }: Route.ActionArgs) {
  const values: Record<string, string> = {};
  try {
    const typed = contactFormToObject(await readForm(request));
    const { website: _honeypot, ...rest } = typed;
    Object.assign(values, rest);
    const input = parseInput(contactInputSchema, typed);
    await context.services.contact.submit(input, context.clientAddress);
    return { ok: true as const, firstName: input.firstName };
  } catch (error) {
    return formFailure(error, context, { values, labels: CONTACT_LABELS });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Contact Us",
    description:
      "Call, email or message us about custom blinds, shutters, zebra shades and installation in Lee County, FL. Business hours, service area and a contact form.",
    path: "/contact",
    root: rootFromMatches(matches),
  });
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const { business } = useRootData();
  const [searchParams] = useSearchParams();
  const toast = useToast();
  const successRef = useRef<HTMLHeadingElement>(null);
  const sent = actionData?.ok === true ? actionData : null;
  const failure = isFormFailure(actionData) ? actionData : null;

  useEffect(() => {
    if (!sent) return;
    successRef.current?.focus();
    toast({
      title: "Message Sent",
      description: `Thank you! We'll get back to you within ${business.contactReplyHours} hours.`,
    });
  }, [sent, toast, business.contactReplyHours]);

  return (
    <>
      <InfoHeader
        title="Contact Us"
        intro={
          <p>
            Questions about sizes, products, an order or installation? Call, email or send a
            message; we reply within {business.contactReplyHours} hours.
          </p>
        }
      />
      <div className="container-page grid gap-10 py-10 lg:grid-cols-[2fr_3fr]">
        <ContactDetails business={business} />
        <section id="message-form" aria-labelledby="message-form-title" className="card">
          <h2 id="message-form-title" className="text-2xl font-bold">
            Send Us a Message
          </h2>
          {sent ? (
            <div className="mt-4" role="status">
              <h3 ref={successRef} tabIndex={-1} className="text-xl font-semibold text-success">
                Message sent. Thank you, {sent.firstName}!
              </h3>
              <p className="mt-2 text-muted">
                We've emailed you a confirmation and will reply within {business.contactReplyHours}{" "}
                hours. If it's urgent, call {business.phone}.
              </p>
              <Link to="/contact" className="btn-secondary mt-5">
                Send another message
              </Link>
            </div>
          ) : (
            <div className="mt-4">
              <ContactForm
                failure={failure}
                defaultSubject={searchParams.get("subject")?.slice(0, 120) ?? ""}
              />
            </div>
          )}
        </section>
      </div>
    </>
  );
}
