import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { REVIEW_SUBMISSIONS_PER_HOUR } from "../../../server/services/storefront/reviews";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const valid = {
  customerName: "Maria Lopez",
  customerEmail: "maria@example.com",
  customerLocation: "Cape Coral",
  productType: "vinyl",
  rating: 4,
  reviewText: "Measured, made and installed in two weeks. Great fit.",
};

let addressCounter = 0;
/** Each test posts from its own address, so rate-limit buckets don't leak between tests. */
function from(address = `203.0.113.${++addressCounter}`) {
  return { "x-forwarded-for": address };
}

describeEachDialect("reviews API on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect, {
      TRUST_PROXY: "true",
      STORE_EMAIL: "owner@example.com",
    });
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    await store.services.db.deleteFrom("reviews").execute();
    await store.services.db.deleteFrom("email_outbox").execute();
  });

  async function reviewRows() {
    return store.services.db.selectFrom("reviews").selectAll().orderBy("id").execute();
  }

  it("stores a valid review as pending and emails the store", async () => {
    const res = await request(store, "POST", "/api/reviews", valid, from());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      status: "pending",
      message:
        "Thank you! Your review has been submitted and will be published after verification.",
    });
    const rows = await reviewRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      customer_name: "Maria Lopez",
      customer_email: "maria@example.com",
      customer_location: "Cape Coral",
      product_type: "vinyl",
      rating: 4,
      status: "pending",
      moderated_at: null,
    });
    const outbox = await store.services.db.selectFrom("email_outbox").selectAll().execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      kind: "review_store",
      to_address: "owner@example.com",
      related_type: "review",
      related_id: rows[0]!.id,
    });
    expect(outbox[0]!.text_body).toContain(valid.reviewText);
  });

  it("keeps pending and rejected reviews out of GET /api/reviews", async () => {
    await request(store, "POST", "/api/reviews", valid, from());
    const res = await request(store, "GET", "/api/reviews");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);

    const [first] = await reviewRows();
    await store.services.db
      .updateTable("reviews")
      .set({ status: "approved", moderated_at: new Date().toISOString() })
      .where("id", "=", first!.id)
      .execute();
    await request(
      store,
      "POST",
      "/api/reviews",
      { ...valid, customerName: "Rejected Person" },
      from(),
    );
    await store.services.db
      .updateTable("reviews")
      .set({ status: "rejected" })
      .where("customer_name", "=", "Rejected Person")
      .execute();

    const after = await request(store, "GET", "/api/reviews");
    expect(after.body).toEqual([
      {
        id: Number(first!.id),
        rating: 4,
        reviewText: valid.reviewText,
        customerName: "Maria Lopez",
        customerLocation: "Cape Coral",
        productType: "vinyl",
        verified: false,
      },
    ]);
  });

  it("accepts the optional fields empty and defaults the rating to 5", async () => {
    const res = await request(
      store,
      "POST",
      "/api/reviews",
      { ...valid, customerLocation: "", productType: "", rating: undefined },
      from(),
    );
    expect(res.status).toBe(201);
    const [row] = await reviewRows();
    expect(row).toMatchObject({ customer_location: null, product_type: null, rating: 5 });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["a missing name", { customerName: undefined }, "customerName"],
    ["a one-letter name", { customerName: "M" }, "customerName"],
    ["an 81-character name", { customerName: "x".repeat(81) }, "customerName"],
    ["a missing email", { customerEmail: undefined }, "customerEmail"],
    ["an invalid email", { customerEmail: "maria.example.com" }, "customerEmail"],
    ["an 81-character location", { customerLocation: "x".repeat(81) }, "customerLocation"],
    ["an unknown product", { productType: "curtains" }, "productType"],
    ["rating 0", { rating: 0 }, "rating"],
    ["rating 6", { rating: 6 }, "rating"],
    ["a fractional rating", { rating: 3.5 }, "rating"],
    ["a rating as text", { rating: "five" }, "rating"],
    ["a 9-character review", { reviewText: "Too short" }, "reviewText"],
    ["a 2001-character review", { reviewText: "x".repeat(2001) }, "reviewText"],
    ["a missing review", { reviewText: undefined }, "reviewText"],
  ];
  it.each(bad)(
    "answers 400 naming the field for %s, storing nothing",
    async (_l, change, field) => {
      const res = await request(store, "POST", "/api/reviews", { ...valid, ...change }, from());
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(res.body.error.message).toContain(field);
      expect(await reviewRows()).toHaveLength(0);
    },
  );

  it("answers 400 for a body that is not JSON and 415 for form data", async () => {
    const notJson = await request(store, "POST", "/api/reviews", "{oops", from());
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe("bad_request");
    const form = await request(store, "POST", "/api/reviews", "customerName=x", {
      ...from(),
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(415);
    const array = await request(store, "POST", "/api/reviews", [valid], from());
    expect(array.status).toBe(400);
  });

  it("drops a review whose honeypot is filled, answering exactly like a stored one", async () => {
    const res = await request(
      store,
      "POST",
      "/api/reviews",
      { ...valid, website: "http://spam.example" },
      from(),
    );
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("pending");
    expect(await reviewRows()).toHaveLength(0);
    expect(await store.services.db.selectFrom("email_outbox").selectAll().execute()).toHaveLength(
      0,
    );
  });

  it(`allows ${REVIEW_SUBMISSIONS_PER_HOUR} reviews per hour per address, then 429 with Retry-After`, async () => {
    const headers = from();
    for (let i = 0; i < REVIEW_SUBMISSIONS_PER_HOUR; i++) {
      const ok = await request(store, "POST", "/api/reviews", valid, headers);
      expect(ok.status).toBe(201);
    }
    const limited = await request(store, "POST", "/api/reviews", valid, headers);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(limited.body.error.message).toMatch(/try again later/i);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await reviewRows()).toHaveLength(REVIEW_SUBMISSIONS_PER_HOUR);

    const other = await request(store, "POST", "/api/reviews", valid, from());
    expect(other.status).toBe(201);
  });

  it("stores review text verbatim (escaping happens when rendered) and escapes it in the email", async () => {
    const text = '<script>alert("x")</script> Lovely shutters & fast install.';
    const res = await request(
      store,
      "POST",
      "/api/reviews",
      { ...valid, reviewText: text },
      from(),
    );
    expect(res.status).toBe(201);
    const [row] = await reviewRows();
    expect(row!.review_text).toBe(text);
    const [email] = await store.services.db.selectFrom("email_outbox").selectAll().execute();
    expect(email!.html_body).not.toContain("<script>");
    expect(email!.html_body).toContain("&lt;script&gt;");
  });
});
