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
    expect(c.trustProxy).toBe(0);
    expect(c.storeEmail).toBe("hello@example.com");
    expect(c.business.salesTaxBasisPoints).toBe(650);
    expect(c.business.surtaxBasisPoints).toBe(50);
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
    ["SALES_TAX_PERCENT", "six"],
    ["SALES_TAX_PERCENT", "-1"],
    ["SALES_TAX_PERCENT", "6.555"],
    ["SURTAX_PERCENT", "half"],
    ["SURTAX_PERCENT", "6"],
    ["CACHES", "false"],
    ["CACHES", "OFF"],
  ])("a bad %s stops start-up with a message naming it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it.each([
    ["false", 0],
    ["no", 0],
    ["0", 0],
    ["true", 1],
    ["yes", 1],
    ["1", 1],
    ["2", 2],
    ["12", 12],
  ])("reads TRUST_PROXY=%s as %i trusted proxies", (value, hops) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(hops);
  });

  it.each(["-1", "1.5", "01", "100", "on", "true,1"])("refuses TRUST_PROXY=%s", (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow("TRUST_PROXY");
  });

  it("keeps answers between requests unless CACHES=off", () => {
    expect(loadConfig({}).caches).toBe(true);
    expect(loadConfig({ CACHES: "on" }).caches).toBe(true);
    expect(loadConfig({ CACHES: "off" }).caches).toBe(false);
    expect(() => loadConfig({ CACHES: "no" })).toThrow(/CACHES: must be on or off/);
  });

  it("overrides business facts from the environment", () => {
    const c = loadConfig({ BUSINESS_PHONE: "(239) 555-0199", SALES_TAX_PERCENT: "6.5" });
    expect(c.business.phone).toBe("(239) 555-0199");
    expect(c.business.salesTaxBasisPoints).toBe(650);
  });

  it("reads SALES_TAX_PERCENT and SURTAX_PERCENT as basis points; 0 surtax makes the rate flat", () => {
    const c = loadConfig({ SALES_TAX_PERCENT: "7", SURTAX_PERCENT: "1" });
    expect(c.business).toMatchObject({ salesTaxBasisPoints: 700, surtaxBasisPoints: 100 });
    expect(loadConfig({ SURTAX_PERCENT: "0" }).business.surtaxBasisPoints).toBe(0);
  });

  it("refuses a surtax larger than the whole rate, naming the variable", () => {
    expect(() => loadConfig({ SALES_TAX_PERCENT: "0.25" })).not.toThrow();
    expect(loadConfig({ SALES_TAX_PERCENT: "0.25" }).business.surtaxBasisPoints).toBe(25);
    expect(() => loadConfig({ SALES_TAX_PERCENT: "6", SURTAX_PERCENT: "7" })).toThrow(
      "SURTAX_PERCENT",
    );
  });

  it("reads ROLE, METRICS_TOKEN and DRAIN_SECONDS, with their defaults", () => {
    expect(loadConfig({})).toMatchObject({ role: "all", metricsToken: undefined, drainSeconds: 5 });
    const c = loadConfig({
      ROLE: "worker",
      METRICS_TOKEN: "0123456789abcdef-token",
      DRAIN_SECONDS: "0",
    });
    expect(c).toMatchObject({
      role: "worker",
      metricsToken: "0123456789abcdef-token",
      drainSeconds: 0,
    });
    expect(loadConfig({ ROLE: "web" }).role).toBe("web");
  });

  it.each([
    ["ROLE", "scheduler"],
    ["METRICS_TOKEN", "short"],
    ["METRICS_TOKEN", "has spaces in the middle of it"],
    ["DRAIN_SECONDS", "-1"],
    ["DRAIN_SECONDS", "2.5"],
    ["DRAIN_SECONDS", "soon"],
    ["DRAIN_SECONDS", "301"],
  ])("refuses %s=%s, naming the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
