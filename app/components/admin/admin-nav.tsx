import { Form, NavLink } from "react-router";

const LINKS = [
  { to: "/admin", label: "Orders", end: true },
  { to: "/admin/reviews", label: "Reviews", end: false },
  { to: "/admin/messages", label: "Messages", end: false },
] as const;

/** The back office's own navigation, with logout. Hidden when printing. */
export function AdminNav() {
  return (
    <div className="border-b border-line bg-surface print:hidden">
      <div className="container-page flex flex-wrap items-center justify-between gap-2 py-2">
        <nav aria-label="Admin">
          <ul className="flex flex-wrap gap-1">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    `inline-flex min-h-11 items-center rounded-md px-3 font-semibold ${
                      isActive ? "bg-primary text-white" : "text-primary hover:bg-primary-light"
                    }`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="post" action="/admin">
          <input type="hidden" name="intent" value="logout" />
          <button type="submit" className="btn-secondary">
            Log Out
          </button>
        </Form>
      </div>
    </div>
  );
}
