import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "../../domain/shared/business";
import { emailButton, emailLayout, escapeHtml, textFooter } from "./render";

describe("emailLayout (decision 248)", () => {
  const html = emailLayout(
    DEFAULT_BUSINESS,
    "Order <1001> confirmed",
    `<p>Hello &amp; welcome.</p><p><a href="${escapeHtml("https://shop.example/orders/abc?x=1&y=2")}">Follow your order</a></p>`,
  );

  it("is a responsive document: viewport, 600 px column, phone padding", () => {
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).toContain("max-width:600px");
    expect(html).toMatch(/@media \(max-width:620px\)/);
  });

  it("carries the logo mark, the store's name, the title escaped and the footer facts", () => {
    expect(html).toContain(DEFAULT_BUSINESS.name.replace("&", "&amp;"));
    expect(html).toContain("Order &lt;1001&gt; confirmed");
    expect(html).toContain(`href="tel:`);
    expect(html).toContain(DEFAULT_BUSINESS.county);
  });

  it("draws a paragraph holding only a link as the button, keeping its address", () => {
    expect(html).toContain(
      emailButton("https://shop.example/orders/abc?x=1&y=2", "Follow your order"),
    );
    expect(html).toContain('href="https://shop.example/orders/abc?x=1&amp;y=2"');
    expect(html).not.toContain("<p><a href=");
    // Ordinary text stays as it was.
    expect(html).toContain("<p>Hello &amp; welcome.</p>");
  });

  it("draws a styled lone link as the button too (the order confirmation's)", () => {
    const styled = emailLayout(
      DEFAULT_BUSINESS,
      "Your order",
      '<p><a href="https://shop.example/orders/abc" style="color:#1d4e5f;font-weight:bold">Follow your order</a></p>',
    );
    expect(styled).toContain(emailButton("https://shop.example/orders/abc", "Follow your order"));
    expect(styled).not.toContain("<p><a href=");
  });

  it("leaves the customer's account link out of the store's own emails", () => {
    const business = { ...DEFAULT_BUSINESS, siteUrl: "https://shop.example" };
    expect(emailLayout(business, "Your order", "<p>Hi</p>")).toContain("your account");
    expect(emailLayout(business, "New order", "<p>Hi</p>", { forStore: true })).not.toContain(
      "your account",
    );
    expect(textFooter(business)).toContain("https://shop.example/account");
    expect(textFooter(business, { forStore: true })).not.toContain("/account");
  });

  it("keeps the plain-text footer", () => {
    expect(textFooter(DEFAULT_BUSINESS)).toContain(DEFAULT_BUSINESS.phone);
  });
});
