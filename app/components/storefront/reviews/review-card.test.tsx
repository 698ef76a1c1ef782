import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReviewCard } from "./review-card";

describe("ReviewCard", () => {
  it("renders review text containing <script> as text, never as HTML", () => {
    const html = renderToStaticMarkup(
      <ReviewCard
        review={{
          id: 1,
          rating: 4,
          reviewText: '<script>alert("x")</script><img src=x onerror=alert(1)> Great fit',
          customerName: "<b>Eve</b>",
          customerLocation: "<i>Estero</i>",
          productType: "vinyl",
          verified: false,
        }}
      />,
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
    expect(html).toContain('aria-label="Rated 4 out of 5"');
    expect(html).toContain("Vinyl Vertical Blinds");
    expect(html).not.toContain("Verified purchase");
  });

  it("shows the type plus ' Blinds' for a product outside the three options", () => {
    const html = renderToStaticMarkup(
      <ReviewCard
        review={{
          id: 2,
          rating: 5,
          reviewText: "Lovely",
          customerName: "Ann Lee",
          customerLocation: null,
          productType: "fabric",
          verified: true,
        }}
      />,
    );
    expect(html).toContain("fabric Blinds");
    expect(html).toContain(">AL<");
    // Sent from a completed order's review link.
    expect(html).toContain("Verified purchase");
  });
});
