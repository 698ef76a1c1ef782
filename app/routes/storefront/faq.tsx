import { Link } from "react-router";
import {
  faqCategories,
  measurementGuide,
  privacyRecords,
  shippingInfo,
} from "../../../domain/storefront/faq-content";
import {
  BulletList,
  HelpCallout,
  InfoHeader,
  InfoSection,
  PageContents,
  QuestionList,
} from "../../components/storefront/info/info-layout";
import { PrivacyPolicy } from "../../components/storefront/info/privacy-policy";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/faq";

// Only the catalog's installation tiers travel as loader data: the questions, the guide and
// the shipping lines are built from them and the root's business facts by the module the page
// already ships (sent as loader data they would travel twice, as HTML and as data; decision 143).
export async function loader({ context }: Route.LoaderArgs) {
  const { installationTiers } = await context.services.catalog.pricing();
  return { installationTiers };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const business = matches[0]?.loaderData?.business;
  const questions =
    business && loaderData
      ? faqCategories(business, loaderData.installationTiers).flatMap((c) => c.questions)
      : [];
  return pageMeta({
    title: "Frequently Asked Questions",
    description:
      "Answers about ordering, pricing, measuring, installation, shipping, warranty and returns for custom blinds and shutters in Lee County, FL, plus our measurement guide and privacy policy.",
    path: "/faq",
    breadcrumb: [{ name: "Frequently Asked Questions", path: "/faq" }],
    root: rootFromMatches(matches),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: questions.map((q) => ({
          "@type": "Question",
          name: q.question,
          acceptedAnswer: { "@type": "Answer", text: q.answer },
        })),
      },
    ],
  });
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { business } = useRootData();
  const tiers = loaderData.installationTiers;
  const categories = faqCategories(business, tiers);
  const contents = [
    ...categories.map((c) => ({ id: c.id, title: c.title })),
    { id: "measurement-guide", title: "Measurement Guide" },
    { id: "shipping", title: "Shipping Information" },
    { id: "privacy", title: "Privacy Policy" },
  ];
  return (
    <>
      <InfoHeader
        title="Frequently Asked Questions"
        intro={
          <p>
            Quick answers about ordering, measuring, installation, delivery and our guarantees.
            Can't find yours? We reply within {business.contactReplyHours} hours.
          </p>
        }
      />
      <div className="container-page">
        <PageContents items={contents} />
        {categories.map((category) => (
          <InfoSection key={category.id} id={category.id} title={category.title}>
            <QuestionList questions={category.questions} />
          </InfoSection>
        ))}
        <InfoSection
          id="measurement-guide"
          title="Measurement Guide"
          intro="Measure each window separately, even when windows look the same size."
        >
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {measurementGuide(business, tiers).map((step, i) => (
              <li key={step.title} className="card">
                <h3 className="font-semibold">
                  {i + 1}. {step.title}
                </h3>
                <p className="mt-2 text-sm text-muted">{step.text}</p>
              </li>
            ))}
          </ol>
        </InfoSection>
        <InfoSection id="shipping" title="Shipping Information">
          <BulletList items={shippingInfo(business, tiers)} />
          <p className="mt-4 text-muted">
            Something wrong with a delivery? See{" "}
            <Link to="/returns" className="text-primary underline">
              returns
            </Link>
            .
          </p>
        </InfoSection>
        <InfoSection id="privacy" title="Privacy Policy">
          <PrivacyPolicy business={business} records={privacyRecords(business)} />
        </InfoSection>
        <HelpCallout phone={business.phone} email={business.email} />
      </div>
    </>
  );
}
