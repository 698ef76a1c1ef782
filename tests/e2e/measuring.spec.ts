/**
 * Measuring in the living room (decisions 524, 573), as the installer would on a phone: six
 * windows typed the way the storefront reads sizes ("35 1/4"), two of them in wells too shallow
 * for an inside mount (flagged), then "Start a quote from these measurements" opens a draft with
 * one line per window at its ordering size. Axe at 375 and 1280 px on the job card.
 */
import { expect, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { axeAtBothSizes, okJson, PHONE, seedMeasurementVisit, waitForHydration } from "./fixtures";

test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.39" } });

const WINDOWS = [
  // room, product, mount, widths (top, middle, bottom), heights (left, center, right), depth
  [
    "Living left",
    "Vinyl Vertical Blinds",
    "Inside",
    ["35 1/4", "35 1/8", "35 3/8"],
    ["60", "60 1/8", "59 7/8"],
    "3 1/2",
  ],
  [
    "Living right",
    "Vinyl Vertical Blinds",
    "Inside",
    ["35 1/4", "35 1/4", "35 1/4"],
    ["60", "60", "60"],
    "2",
  ],
  [
    "Kitchen",
    "Aluminum Mini Blinds",
    "Outside",
    ["30", "30 1/2", "30 1/4"],
    ["36", "36 1/4", "36"],
    "",
  ],
  [
    "Den",
    "Standard Plantation Shutters",
    "Inside",
    ["28 1/2", "28 3/8", "28 1/2"],
    ["48", "47 7/8", "48"],
    "2",
  ],
  [
    "Bedroom",
    "Fabric Vertical Blinds",
    "Inside",
    ["70", "70 1/8", "69 7/8"],
    ["84", "84", "84 1/4"],
    "4",
  ],
  ["Office", "Zebra Shades", "Inside", ["40", "40 1/8", "40"], ["50", "50 1/4", "50"], "3"],
] as const;

test("six windows measured on a phone become a quote with every size filled in", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  await okJson(
    page.request.post("/api/admin/login", {
      data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
    }),
  );
  const job = await seedMeasurementVisit(page.request, request, stamp, "Measure");
  await page.setViewportSize(PHONE);
  await page.goto(`/admin/visits/${job.visitId}`);
  await waitForHydration(page);
  const card = page.getByRole("region", { name: /^Measurements/ });

  for (const [n, [room, product, mount, widths, heights, depth]] of WINDOWS.entries()) {
    await card.getByLabel("Room").fill(room);
    await card.getByLabel("Product").selectOption({ label: product });
    await card.getByRole("radio", { name: mount }).check();
    for (const [i, part] of ["top", "middle", "bottom"].entries()) {
      await card.getByLabel(`Width ${part}`).fill(widths[i] ?? "");
    }
    for (const [i, part] of ["left", "center", "right"].entries()) {
      await card.getByLabel(`Height ${part}`).fill(heights[i] ?? "");
    }
    await card.getByLabel("Depth of the well (inside mount)").fill(depth);
    await card.getByRole("button", { name: "Save this window" }).click();
    await expect(
      page.getByRole("heading", {
        name: `Measurements (${n + 1} ${n === 0 ? "window" : "windows"})`,
      }),
    ).toBeVisible();
  }

  // Vinyl verticals need 3" and shutters 2.5" for an inside mount: two wells are too shallow.
  await expect(card.getByText("Shallow well for an inside mount")).toHaveCount(2);
  // Inside mount: the narrowest width; vinyl verticals take the shortest height.
  await expect(card.getByText('Order 35 1/8" W × 59 7/8" H · inside mount')).toBeVisible();
  // Outside mount: the widest and the tallest.
  await expect(card.getByText('Order 30 1/2" W × 36 1/4" H · outside mount')).toBeVisible();
  // Zebra shades hang to the sill: the longest height.
  await expect(card.getByText('Order 40" W × 50 1/4" H · inside mount')).toBeVisible();
  await axeAtBothSizes(page);
  await page.setViewportSize(PHONE);

  await card.getByRole("button", { name: "Start a quote from these measurements" }).click();
  await expect(page).toHaveURL(/\/admin\/quotes\/\d+$/);
  const quoteId = Number(new URL(page.url()).pathname.split("/").pop());
  const quote = await okJson<{
    items: { roomLabel: string | null; width: number; height: number }[];
  }>(page.request.get(`/api/admin/quotes/${quoteId}`));
  expect(quote.items.map((i) => [i.roomLabel, i.width, i.height])).toEqual([
    ["Living left", 35.125, 59.875],
    ["Living right", 35.25, 60],
    ["Kitchen", 30.5, 36.25],
    ["Den", 28.375, 47.875],
    ["Bedroom", 69.875, 84],
    ["Office", 40, 50.25],
  ]);
});
