import {
  NOT_RETURNABLE,
  RETURNABLE,
  returnQuestions,
  returnReasons,
  returnSteps,
} from "../../../domain/storefront/returns-content";
import {
  BulletList,
  HelpCallout,
  InfoHeader,
  InfoSection,
  NumberedSteps,
  QuestionList,
} from "../../components/storefront/info/info-layout";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/returns";

export function meta({ matches }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  return pageMeta({
    title: "Returns & Refunds",
    description:
      "How returns work for custom blinds and shutters in Lee County, FL: the return window, what can be returned, refunds, damage claims and cancellations.",
    path: "/returns",
    breadcrumb: [{ name: "Returns & Refunds", path: "/returns" }],
    root,
  });
}

export default function Returns() {
  const { business } = useRootData();
  const r = business.returns;
  return (
    <>
      <InfoHeader
        title="Returns & Refunds"
        intro={
          <p>
            If something we made isn't right, you have {r.days} days from delivery to tell us, and
            we make it right. Refunds are issued within {r.refundBusinessDays} business days.
          </p>
        }
      />
      <div className="container-page">
        <InfoSection id="process" title="How to return an item">
          <NumberedSteps steps={returnSteps(business)} />
        </InfoSection>
        <InfoSection id="eligibility" title="What can be returned">
          <div className="grid gap-6 md:grid-cols-2">
            <div className="card">
              <h3 className="font-semibold text-success">Returnable</h3>
              <div className="mt-3">
                <BulletList items={RETURNABLE} tone="yes" />
              </div>
            </div>
            <div className="card">
              <h3 className="font-semibold text-danger">Not returnable</h3>
              <div className="mt-3">
                <BulletList items={NOT_RETURNABLE} tone="no" />
              </div>
            </div>
          </div>
        </InfoSection>
        <InfoSection id="reasons" title="Return reasons and what happens">
          <ReasonTable rows={returnReasons(business)} />
        </InfoSection>
        <InfoSection id="questions" title="Returns questions">
          <QuestionList questions={returnQuestions(business)} />
        </InfoSection>
        <HelpCallout phone={business.phone} email={business.email} />
      </div>
    </>
  );
}

function ReasonTable({
  rows,
}: {
  rows: readonly { reason: string; resolution: string; cost: string }[];
}) {
  return (
    <table className="w-full border-collapse text-left text-sm sm:text-base">
      <caption className="sr-only">Return reasons, what we do, and what it costs you</caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b-2 border-line">
          <th scope="col" className="py-2 pr-4">
            Reason
          </th>
          <th scope="col" className="py-2 pr-4">
            What we do
          </th>
          <th scope="col" className="py-2">
            Cost to you
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.reason} className="border-b border-line max-sm:block max-sm:py-3">
            <th scope="row" className="py-3 pr-4 align-top font-semibold max-sm:block max-sm:py-0">
              {row.reason}
            </th>
            <td className="py-3 pr-4 align-top max-sm:block max-sm:py-1">
              <span className="font-medium sm:hidden">What we do: </span>
              {row.resolution}
            </td>
            <td className="py-3 align-top max-sm:block max-sm:py-0">
              <span className="font-medium sm:hidden">Cost to you: </span>
              {row.cost}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
