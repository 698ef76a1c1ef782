/**
 * /admin/staff (owners): the people of the back office. Add a person with a temporary password
 * (changed at first login), change a role, disable or enable an account (its sessions end at
 * once), see and end every account's sessions, and manage each person's private calendar link
 *.
 */
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { STAFF_ROLE_LABELS, STAFF_ROLES } from "../../../../domain/people/permissions";
import {
  STAFF_FORM_LABELS,
  staffCostsFromForm,
  staffCreateFromForm,
  staffCreateSchema,
  staffRoleFromForm,
  staffUpdateSchema,
} from "../../../../domain/people/staff-schema";
import {
  availabilityFieldName,
  availabilityFromForm,
  availabilitySchema,
} from "../../../../domain/scheduling/booking-schema";
import { amountToCents, formatMoney } from "../../../../domain/shared/money";
import type { SessionView, StaffView } from "../../../../server/services/people/staff";
import { FormResult } from "../../../components/admin/action-message";
import { AdminError } from "../../../components/admin/admin-error";
import { field, numberField } from "../../../components/admin/admin-form.server";
import {
  actorOf,
  failureOf,
  formatDateTime,
  noStoreHeaders,
  requireAdmin,
} from "../../../components/admin/admin-route";
import { FieldMessage } from "../../../components/field-message";
import { StaffCostsForm } from "../../../components/people/staff-costs-form";
import { type HoursView, InstallerHours } from "../../../components/scheduling/installer-hours";
import { runAction } from "../../../lib/admin-route.server";
import { AppError, parseInput, readForm } from "../../../lib/form-input.server";
import { type FormErrors, fieldA11y, useSchemaForm } from "../../../lib/forms";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/staff";

type StaffActionResult = ReturnType<typeof useActionData<typeof action>>;

export const meta = () => adminMeta("Staff");

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context, "routes/admin/people/staff.tsx");
  const { staff, availability } = context.services;
  const [people, sessions] = await Promise.all([staff.listStaff(), staff.listSessions(session)]);
  const hours = await availability.getMany(
    people.filter((p) => p.role === "installer").map((p) => p.id),
  );
  return { people, sessions, hours, me: session.staffId };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request, context, "routes/admin/people/staff.tsx"));
  const { staff, visits } = context.services;
  const scope: Parameters<typeof runAction>[2] = {};
  return runAction(
    context,
    async () => {
      const form = await readForm(request);
      const intent = field(form, "intent");
      const staffId = numberField(form, "staffId") ?? 0;
      // The form sent: "add", or a person's own form ("role-3", "hours-3"), answered at it.
      scope.intent = intent === "add" ? intent : `${intent}-${staffId}`;
      if (intent === "add") {
        const { password: _password, ...typed } = staffCreateFromForm(form);
        scope.values = typed;
        const input = parseInput(staffCreateSchema, staffCreateFromForm(form));
        await staff.addStaff(input, actor);
        return `${input.name} added. Give them the temporary password: they choose their own at first login.`;
      }
      if (intent === "revoke-session") {
        const id = field(form, "sessionId") ?? "";
        await staff.revokeSession(/^[0-9a-f]{32}$/.test(id) ? id : "0", actor);
        return "Session ended.";
      }
      const id = staffId;
      if (intent === "hours") {
        scope.rename = (path) => availabilityFieldName(path, form);
        const input = parseInput(availabilitySchema, availabilityFromForm(form));
        await context.services.availability.set(id, input, actor);
        return "Hours saved: online booking offers them from now on.";
      }
      if (intent === "costs") {
        scope.labels = STAFF_FORM_LABELS;
        const person = await staff.updateStaff(
          id,
          parseInput(staffUpdateSchema, staffCostsFromForm(form)),
          actor,
        );
        return `${person.name}: ${formatMoney(amountToCents(person.hourlyCost))} an hour, ${person.commissionPercent} % commission.`;
      }
      if (intent === "create-feed") {
        const { url } = await visits.createCalendarFeed(id);
        return `Calendar link (copy it now; it is shown only once): ${url}`;
      }
      if (intent === "revoke-feed") {
        await visits.revokeCalendarFeed(id);
        return "Calendar link revoked.";
      }
      if (intent === "role" || intent === "disable" || intent === "enable") {
        const input = parseInput(
          staffUpdateSchema,
          intent === "role" ? staffRoleFromForm(form) : { active: intent === "enable" },
        );
        const person = await staff.updateStaff(id, input, actor);
        if (intent === "role") return `${person.name} is now ${person.roleLabel}.`;
        if (person.active && person.calendarFeedUrl) {
          return `${person.name} can log in again. Their old calendar link no longer works; the new one (copy it now; it is shown only once): ${person.calendarFeedUrl}`;
        }
        return person.active
          ? `${person.name} can log in again.`
          : `${person.name} is disabled. Their sessions ended.`;
      }
      throw new AppError("bad_request", "Unknown action.");
    },
    scope,
  );
}

function SessionList({
  sessions,
  staffId,
  name,
  busy,
}: {
  sessions: SessionView[];
  staffId: number;
  name: string;
  busy: boolean;
}) {
  if (sessions.length === 0) return <p className="mt-2 text-sm text-muted">Not logged in.</p>;
  return (
    <ul className="mt-2 space-y-2">
      {sessions.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="break-words">
            Since {formatDateTime(s.createdAt)} · last seen {formatDateTime(s.lastSeenAt)}
            {s.userAgent ? ` · ${s.userAgent.slice(0, 60)}` : ""}
            {s.current ? " · this session" : ""}
          </span>
          {s.current ? null : (
            <Form method="post" action={`#person-${staffId}-sessions`}>
              <input type="hidden" name="intent" value="revoke-session" />
              <input type="hidden" name="staffId" value={staffId} />
              <input type="hidden" name="sessionId" value={s.id} />
              <button type="submit" className="btn-secondary" disabled={busy}>
                End session<span className="sr-only"> of {name}</span>
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

function RoleForm({
  person,
  busy,
  result,
}: {
  person: StaffView;
  busy: boolean;
  result: StaffActionResult;
}) {
  const id = `role-${person.id}`;
  const { errors, formProps } = useSchemaForm({
    id: `${id}-form`,
    schema: staffUpdateSchema,
    fromForm: staffRoleFromForm,
    failure: failureOf(result, id),
    labels: STAFF_FORM_LABELS,
  });
  return (
    <Form
      method="post"
      action={`#person-${person.id}-account`}
      className="flex flex-wrap items-end gap-2"
      {...formProps}
    >
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="staffId" value={person.id} />
      <div>
        <label htmlFor={id} className="field-label">
          Role<span className="sr-only"> of {person.name}</span>
        </label>
        <select
          id={id}
          name="role"
          defaultValue={person.role}
          className="field"
          {...fieldA11y(errors, "role", id)}
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {STAFF_ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        <FieldMessage id={id} error={errors.role} />
      </div>
      <button type="submit" className="btn-secondary" disabled={busy}>
        Change role<span className="sr-only"> of {person.name}</span>
      </button>
    </Form>
  );
}

function PersonCard({
  person,
  sessions,
  isMe,
  busy,
  hours,
  result,
}: {
  person: StaffView;
  sessions: SessionView[];
  isMe: boolean;
  busy: boolean;
  hours: HoursView | undefined;
  result: StaffActionResult;
}) {
  const state = [
    person.roleLabel,
    person.active ? "Active" : "Disabled",
    person.canSignIn ? null : "No password yet",
    person.mustChangePassword ? "Temporary password" : null,
    person.twoFactorEnabled ? "Two-factor on" : null,
    person.hasCalendarFeed ? "Calendar link active" : null,
  ].filter(Boolean);
  return (
    <li className="card">
      <h3 className="text-lg font-semibold break-words">
        {person.name}
        {isMe ? " (you)" : ""}
      </h3>
      <p className="text-sm break-all">{person.email}</p>
      <p className="mt-1 text-sm text-muted">{state.join(" · ")}</p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <RoleForm person={person} busy={busy} result={result} />
        <Form method="post" action={`#person-${person.id}-account`}>
          <input type="hidden" name="intent" value={person.active ? "disable" : "enable"} />
          <input type="hidden" name="staffId" value={person.id} />
          <button type="submit" className="btn-secondary" disabled={busy}>
            {person.active ? "Disable" : "Enable"}
            <span className="sr-only"> {person.name}</span>
          </button>
        </Form>
        <Form method="post" action={`#person-${person.id}-account`}>
          <input type="hidden" name="intent" value="create-feed" />
          <input type="hidden" name="staffId" value={person.id} />
          <button type="submit" className="btn-secondary" disabled={busy}>
            {person.hasCalendarFeed ? "New calendar link" : "Calendar link"}
            <span className="sr-only"> for {person.name}</span>
          </button>
        </Form>
        {person.hasCalendarFeed ? (
          <Form method="post" action={`#person-${person.id}-account`}>
            <input type="hidden" name="intent" value="revoke-feed" />
            <input type="hidden" name="staffId" value={person.id} />
            <button type="submit" className="btn-secondary" disabled={busy}>
              Revoke<span className="sr-only"> the calendar link of {person.name}</span>
            </button>
          </Form>
        ) : null}
      </div>
      <FormResult
        id={`person-${person.id}-account`}
        result={result}
        intents={["role", "disable", "enable", "create-feed", "revoke-feed"].map(
          (i) => `${i}-${person.id}`,
        )}
      />
      <StaffCostsForm
        person={person}
        busy={busy}
        failure={failureOf(result, `costs-${person.id}`)}
        resultAnchor={`person-${person.id}-costs`}
      />
      <FormResult
        id={`person-${person.id}-costs`}
        result={result}
        intents={[`costs-${person.id}`]}
      />
      {hours ? (
        <>
          <InstallerHours
            staffId={person.id}
            name={person.name}
            hours={hours}
            busy={busy}
            failure={failureOf(result, `hours-${person.id}`)}
            resultAnchor={`person-${person.id}-hours`}
          />
          <FormResult
            id={`person-${person.id}-hours`}
            result={result}
            intents={[`hours-${person.id}`]}
          />
        </>
      ) : null}
      <h4 className="mt-4 font-semibold">Sessions</h4>
      <SessionList sessions={sessions} staffId={person.id} name={person.name} busy={busy} />
      <FormResult
        id={`person-${person.id}-sessions`}
        result={result}
        intents={[`revoke-session-${person.id}`]}
      />
    </li>
  );
}

function AddPersonForm({ busy, result }: { busy: boolean; result: StaffActionResult }) {
  const failure = failureOf(result, "add");
  const { errors, typed, formProps } = useSchemaForm({
    id: "add-person-form",
    schema: staffCreateSchema,
    fromForm: staffCreateFromForm,
    failure,
    labels: STAFF_FORM_LABELS,
  });
  const text = (name: string, id: string, errs: FormErrors) => ({
    id,
    name,
    defaultValue: typed(name),
    className: "field",
    ...fieldA11y(errs, name, id),
  });
  return (
    <Form
      method="post"
      action="#add-result"
      className="mt-4 grid gap-4 sm:grid-cols-2"
      {...formProps}
    >
      <input type="hidden" name="intent" value="add" />
      <div>
        <label htmlFor="staff-name" className="field-label">
          Name
        </label>
        <input {...text("name", "staff-name", errors)} required maxLength={100} />
        <FieldMessage id="staff-name" error={errors.name} />
      </div>
      <div>
        <label htmlFor="staff-email" className="field-label">
          Email
        </label>
        <input
          {...text("email", "staff-email", errors)}
          type="email"
          autoComplete="off"
          required
          maxLength={200}
        />
        <FieldMessage id="staff-email" error={errors.email} />
      </div>
      <div>
        <label htmlFor="staff-role" className="field-label">
          Role
        </label>
        <select
          id="staff-role"
          name="role"
          defaultValue={typed("role") ?? "installer"}
          className="field"
          {...fieldA11y(errors, "role", "staff-role")}
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {STAFF_ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        <FieldMessage id="staff-role" error={errors.role} />
      </div>
      <div>
        <label htmlFor="staff-password" className="field-label">
          Temporary password
        </label>
        <input
          id="staff-password"
          name="password"
          type="text"
          autoComplete="off"
          minLength={8}
          maxLength={200}
          required
          className="field"
          {...fieldA11y(errors, "password", "staff-password")}
        />
        <FieldMessage id="staff-password" error={errors.password} />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          Add person
        </button>
      </div>
    </Form>
  );
}

export default function AdminStaff() {
  const { people, sessions, hours, me } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">Staff</h1>
      <p className="mt-1 text-muted">
        Owners do everything; office staff work the orders and inboxes; installers see only their
        own visits. Disabling an account or changing its role ends its sessions at once.
      </p>

      <section aria-labelledby="people-title" className="mt-6">
        <h2 id="people-title" className="text-2xl font-bold">
          People
        </h2>
        <ul className="mt-4 space-y-4">
          {people.map((p) => (
            <PersonCard
              key={p.id}
              person={p}
              sessions={sessions.filter((s) => s.staffId === p.id)}
              isMe={p.id === me}
              busy={busy}
              hours={hours.find((h) => h.staffId === p.id)}
              result={result}
            />
          ))}
        </ul>
      </section>

      <section aria-labelledby="add-title" className="card mt-8">
        <h2 id="add-title" className="text-2xl font-bold">
          Add a person
        </h2>
        <p className="mt-1 text-sm text-muted">
          They log in with this temporary password and must choose their own at once. For someone
          listed above without a password, use the same email.
        </p>
        <AddPersonForm busy={busy} result={result} />
        <FormResult id="add-result" result={result} intents={["add"]} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the staff" />;
}
