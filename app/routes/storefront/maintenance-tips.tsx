import { careRoutines, commonIssues } from "../../../domain/storefront/maintenance-content";
import {
  BulletList,
  HelpCallout,
  InfoHeader,
  InfoSection,
  PageContents,
} from "../../components/storefront/info/info-layout";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/maintenance-tips";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Maintenance Tips",
    description:
      "A weekly, monthly, quarterly and annual care routine for vertical blinds, plantation shutters and zebra shades, with fixes for common problems.",
    path: "/maintenance-tips",
    breadcrumb: [{ name: "Maintenance Tips", path: "/maintenance-tips" }],
    root: rootFromMatches(matches),
  });
}

export default function MaintenanceTips() {
  const { business } = useRootData();
  const routines = careRoutines(business);
  return (
    <>
      <InfoHeader
        title="Maintenance Tips"
        intro={
          <p>
            A few minutes of care keeps blinds, shutters and shades working smoothly for years, even
            with Florida's sun, humidity and salt air.
          </p>
        }
      />
      <div className="container-page">
        <PageContents
          items={[
            ...routines.map((r) => ({ id: r.id, title: `${r.frequency}: ${r.title}` })),
            { id: "common-issues", title: "Common issues" },
          ]}
        />
        {routines.map((r) => (
          <InfoSection
            key={r.id}
            id={r.id}
            title={`${r.frequency}: ${r.title}`}
            intro={`Time needed: ${r.minutes}.`}
          >
            <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
              <div className="card">
                <h3 className="font-semibold">Steps</h3>
                <ol className="mt-3 list-decimal space-y-2 pl-5">
                  {r.steps.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ol>
              </div>
              <div className="card bg-surface">
                <h3 className="font-semibold">Tips</h3>
                <div className="mt-3">
                  <BulletList items={r.tips} />
                </div>
              </div>
            </div>
          </InfoSection>
        ))}
        <InfoSection id="common-issues" title="Common issues and quick fixes">
          <dl className="grid gap-4 sm:grid-cols-2">
            {commonIssues(business).map((issue) => (
              <div key={issue.problem} className="card">
                <dt className="font-semibold">{issue.problem}</dt>
                <dd className="mt-2 text-muted">{issue.fix}</dd>
              </div>
            ))}
          </dl>
        </InfoSection>
        <HelpCallout phone={business.phone} email={business.email} />
      </div>
    </>
  );
}
