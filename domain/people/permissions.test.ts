import { describe, expect, it } from "vitest";
import { type AccessRequest, authorize } from "./permissions";

const person = (role: string, extra: { temp?: boolean; twoFactor?: boolean } = {}) => ({
  role,
  mustChangePassword: extra.temp ?? false,
  twoFactorRequired: extra.twoFactor ?? false,
});
const asked = (
  permission: AccessRequest["permission"],
  open: { password?: boolean; twoFactor?: boolean } = {},
): AccessRequest => ({
  permission,
  openDuringPasswordChange: open.password ?? false,
  openDuringTwoFactorSetup: open.twoFactor ?? false,
});

describe("authorize: the one access rule of the API and the pages", () => {
  it.each([
    ["owner, any permission", person("owner"), asked("books"), "allowed"],
    ["office, orders", person("office"), asked("orders"), "allowed"],
    ["office, staff", person("office"), asked("staff"), "forbidden"],
    ["installer, field work", person("installer"), asked("field-work"), "allowed"],
    ["installer, orders", person("installer"), asked("orders"), "forbidden"],
    ["an unknown role", person("boss"), asked("self"), "forbidden"],
    ["a route missing from the table", person("owner"), asked(undefined), "forbidden"],
    ["a public route with a session", person("owner"), asked("public"), "forbidden"],
    [
      "temporary password",
      person("owner", { temp: true }),
      asked("orders"),
      "password_change_required",
    ],
    [
      "temporary password, the change itself",
      person("owner", { temp: true }),
      asked("self", { password: true }),
      "allowed",
    ],
    [
      "temporary password beats two-factor",
      person("owner", { temp: true, twoFactor: true }),
      asked("orders"),
      "password_change_required",
    ],
    [
      "two-factor required",
      person("office", { twoFactor: true }),
      asked("orders"),
      "two_factor_required",
    ],
    [
      "two-factor required, its set-up",
      person("office", { twoFactor: true }),
      asked("self", { twoFactor: true }),
      "allowed",
    ],
    [
      "two-factor required, logout",
      person("office", { twoFactor: true }),
      asked("self", { password: true }),
      "allowed",
    ],
    [
      "two-factor set-up still needs the role",
      person("installer", { twoFactor: true }),
      asked("staff", { twoFactor: true }),
      "forbidden",
    ],
  ] as const)("%s", (_name, who, request, verdict) => {
    expect(authorize(who, request)).toBe(verdict);
  });
});
