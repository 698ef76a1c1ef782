import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "../shared/business";
import { fulfilmentOf, fulfilmentSummary, nextSteps, progressSteps } from "./fulfilment";

const diy = { includeInstallation: false, itemType: "aluminum" };
const installed = { includeInstallation: true, itemType: "vinyl" };
const track = { includeInstallation: false, itemType: "track-replacement" };

describe("fulfilmentOf", () => {
  it.each([
    [[diy], "delivered"],
    [[diy, { ...diy, itemType: "zebra-shades" }], "delivered"],
    [[installed], "installed"],
    [[diy, installed], "installed"],
    [[track], "installed"],
    [[diy, track], "installed"],
  ])("%j → %s", (items, expected) => {
    expect(fulfilmentOf(items)).toBe(expected);
  });
});

describe("the words of each story", () => {
  const words = (f: "installed" | "delivered") =>
    [fulfilmentSummary(f), ...nextSteps(f, DEFAULT_BUSINESS).flatMap((s) => [s.title, s.text])]
      .join(" ")
      .toLowerCase();

  it("never promises a DIY-only order a measurement or an installation", () => {
    const text = words("delivered");
    expect(text).toContain("deliver");
    expect(text).toContain("pay on delivery");
    expect(text).toContain("confirm the sizes");
    expect(text).not.toMatch(/measurement visit|measures|install(ed|s)? |at installation/);
  });

  it("tells an installed order it is measured on site, installed and paid at installation", () => {
    const text = words("installed");
    expect(text).toContain("measures every window on site");
    expect(text).toContain("pay at installation");
    expect(text).not.toContain("pay on delivery");
  });
});

describe("progressSteps", () => {
  it("marks the steps before the status done and the status current", () => {
    expect(progressSteps("installed", "measured").map((s) => [s.label, s.state])).toEqual([
      ["Pending", "done"],
      ["Confirmed", "done"],
      ["Measured", "current"],
      ["In Production", "upcoming"],
      ["Installation Scheduled", "upcoming"],
      ["Completed", "upcoming"],
    ]);
  });

  it("speaks of sizes and delivery for a DIY-only order, and finishes every step when done", () => {
    expect(progressSteps("delivered", "completed").map((s) => [s.label, s.state])).toEqual([
      ["Pending", "done"],
      ["Confirmed", "done"],
      ["Sizes Confirmed", "done"],
      ["In Production", "done"],
      ["Delivery Scheduled", "done"],
      ["Delivered", "done"],
    ]);
  });

  it("shows nothing as reached for a cancelled order", () => {
    expect(progressSteps("installed", "cancelled").every((s) => s.state === "upcoming")).toBe(true);
  });
});
