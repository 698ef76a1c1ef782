import { Link } from "react-router";
import {
  claimSteps,
  WARRANTY_EXCLUSIONS,
  warrantyCoverage,
} from "../../../domain/storefront/warranty-content";
import { FitPromise } from "../../components/fit-promise";
import {
  BulletList,
  HelpCallout,
  InfoHeader,
  InfoSection,
  NumberedSteps,
} from "../../components/storefront/info/info-layout";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/warranty";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Warranty",
    description:
      "What our warranty covers on custom blinds, plantation shutters and installation in Lee County, FL, what it excludes, and how to make a claim in four steps.",
    path: "/warranty",
    breadcrumb: [{ name: "Warranty", path: "/warranty" }],
    root: rootFromMatches(matches),
  });
}

export default function Warranty() {
  const { business } = useRootData();
  return (
    <>
      <InfoHeader
        title="Warranty"
        intro={
          <p>
            Everything we sell is covered for {business.warranty.materialsAndWorkmanshipYears} years
            on materials and workmanship, with longer cover on vinyl blinds and shutters and a{" "}
            {business.warranty.installationLabourYears}-year guarantee on our installation.
          </p>
        }
      />
      <div className="container-page">
        <InfoSection id="coverage" title="What is covered">
          <ul className="grid gap-x-8 gap-y-6 sm:grid-cols-2">
            {warrantyCoverage(business).map((c) => (
              <li key={c.title} className="border-t-2 border-primary/20 pt-4">
                <p className="text-2xl font-semibold text-primary">{c.term}</p>
                <h3 className="mt-1 font-semibold">{c.title}</h3>
                <p className="mt-2 text-sm text-muted">{c.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-muted">
            Other products (fabric and aluminum blinds, zebra shades) are covered by the
            materials-and-workmanship warranty. The warranty runs from the day of delivery or
            installation and covers the original purchaser at the installation address.
          </p>
        </InfoSection>
        <FitPromise className="my-4" />
        <InfoSection id="exclusions" title="What is not covered">
          <BulletList items={WARRANTY_EXCLUSIONS} tone="no" />
        </InfoSection>
        <InfoSection id="claim" title="How to make a claim">
          <NumberedSteps steps={claimSteps(business)} />
          <p className="mt-4 text-muted">
            Something arrived damaged or made wrong? That is a return, not a warranty claim: see{" "}
            <Link to="/returns" className="text-primary underline">
              returns
            </Link>
            .
          </p>
        </InfoSection>
        <HelpCallout phone={business.phone} email={business.email} />
      </div>
    </>
  );
}
