import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("has the documented defaults", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe("127.0.0.1");
    expect(c.database).toEqual({
      dialect: "sqlite",
      filename: expect.stringMatching(/data\/store\.db$/),
    });
    expect(c.trustProxy).toBe(false);
    expect(c.storeEmail).toBe("hello@example.com");
    expect(c.business.salesTaxBasisPoints).toBe(750);
  });

  it("chooses PostgreSQL for postgres:// URLs", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db" }).database.dialect).toBe("postgres");
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["TRUST_PROXY", "maybe"],
    ["SMTP_URL", "http://mail"],
    ["STORE_EMAIL", "not-an-email"],
    ["ADMIN_PASSWORD", "short"],
    ["DATABASE_URL", "mysql://x/y"],
  ])("a bad %s stops start-up with a message naming it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it("overrides business facts from the environment", () => {
    const c = loadConfig({ BUSINESS_PHONE: "(239) 555-0199", SALES_TAX_PERCENT: "6.5" });
    expect(c.business.phone).toBe("(239) 555-0199");
    expect(c.business.salesTaxBasisPoints).toBe(650);
  });
});
