import { useEffect, useRef } from "react";
import { data, Link, useSearchParams } from "react-router";
import { contactFormToObject, contactInputSchema } from "../../domain/contact-schema";
import { fieldErrors } from "../../domain/form-messages";
import { ContactDetails } from "../components/info/contact-details";
import { ContactForm, type ContactFormFailure } from "../components/info/contact-form";
import { InfoHeader } from "../components/info/info-layout";
import { useToast } from "../components/toast";
import { actionError } from "../lib/action-errors.server";
import { readForm } from "../lib/form-input.server";
import { pageMeta, rootFromMatches } from "../lib/meta";
import { useRootData } from "../root";
import type { Route } from "./+types/contact";

const LABELS = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
  subject: "Subject",
  message: "Message",
  preferredContactMethod: "Preferred contact method",
};

export async function action({ request, context }: Route.ActionArgs) {
  let kept: Record<string, string> = {};
  try {
    const values = contactFormToObject(await readForm(request));
    const { website: _honeypot, ...rest } = values;
    kept = rest;
    const parsed = contactInputSchema.safeParse(values);
    if (!parsed.success) {
      const failure: ContactFormFailure = {
        ok: false,
        values: kept,
        fieldErrors: fieldErrors(parsed.error.issues, LABELS),
        formError: null,
      };
      return data(failure, { status: 400 });
    }
    await context.services.contact.submit(parsed.data, context.clientAddress);
    return { ok: true as const, firstName: parsed.data.firstName };
  } catch (error) {
    return actionError<ContactFormFailure>(error, context, (a) => ({
      ok: false,
      values: kept,
      fieldErrors: {},
      formError: a.message,
    }));
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
  const failure = actionData && actionData.ok === false ? actionData : null;

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
