import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import {
  CONTACT_CONFIRMATIONS_PER_DAY,
  CONTACT_MESSAGES_PER_HOUR,
} from "../../../server/services/requests/contact";
import { SAMPLE_CONTACT_MESSAGE } from "../../support/sample-items";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const valid = SAMPLE_CONTACT_MESSAGE;

let addressCounter = 0;
function from(address = `198.51.100.${++addressCounter}`) {
  return { "x-forwarded-for": address };
}

describeEachDialect("contact API on %s", (dialect) => {
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
    await store.services.db.deleteFrom("contact_messages").execute();
    await store.services.db.deleteFrom("email_outbox").execute();
  });

  const messages = () =>
    store.services.db.selectFrom("contact_messages").selectAll().orderBy("id").execute();
  const outbox = () =>
    store.services.db.selectFrom("email_outbox").selectAll().orderBy("id").execute();

  it("stores the message, emails the store and confirms to the visitor", async () => {
    const res = await request(store, "POST", "/api/contact", valid, from());
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("received");
    expect(res.body.message).toContain("24 hours");
    const rows = await messages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      first_name: "Dana",
      last_name: "Reyes",
      email: "dana@example.com",
      phone: "(239) 555-0100",
      subject: "Shutters for a lanai door",
      preferred_contact_method: "phone",
      status: "new",
    });
    const emails = await outbox();
    expect(emails.map((e) => [e.kind, e.to_address])).toEqual([
      ["contact_store", "owner@example.com"],
      ["contact_confirmation", "dana@example.com"],
    ]);
    expect(emails[0]!.text_body).toContain(valid.message);
    expect(emails[1]!.text_body).toContain("(239) 555-0142");
    // The acknowledgement quotes nothing the sender typed: it cannot carry a stranger's words.
    for (const typed of [valid.subject, valid.message, valid.firstName]) {
      expect(emails[1]!.subject).not.toContain(typed);
      expect(emails[1]!.text_body).not.toContain(typed);
      expect(emails[1]!.html_body).not.toContain(typed);
    }

    await store.services.emails.flush();
    const sent = await outbox();
    expect(sent.every((e) => e.sent_at !== null)).toBe(true);
  });

  it("accepts a message without phone when the answer goes by email", async () => {
    const res = await request(
      store,
      "POST",
      "/api/contact",
      { ...valid, phone: "", preferredContactMethod: "email" },
      from(),
    );
    expect(res.status).toBe(201);
    const [row] = await messages();
    expect(row).toMatchObject({ phone: null, preferred_contact_method: "email" });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["a missing first name", { firstName: undefined }, "firstName"],
    ["a blank last name", { lastName: "  " }, "lastName"],
    ["a 61-character first name", { firstName: "x".repeat(61) }, "firstName"],
    ["a missing email", { email: undefined }, "email"],
    ["an invalid email", { email: "dana@" }, "email"],
    ["a phone with letters", { phone: "call me maybe" }, "phone"],
    ["no phone for a phone call", { phone: "" }, "phone"],
    ["no phone for a text", { phone: undefined, preferredContactMethod: "text" }, "phone"],
    ["a one-letter subject", { subject: "x" }, "subject"],
    ["a 121-character subject", { subject: "x".repeat(121) }, "subject"],
    ["a missing message", { message: undefined }, "message"],
    ["a 9-character message", { message: "Hi there!" }, "message"],
    ["a 5001-character message", { message: "x".repeat(5001) }, "message"],
    ["an unknown contact method", { preferredContactMethod: "fax" }, "preferredContactMethod"],
    ["a numeric first name", { firstName: 42 }, "firstName"],
  ];
  it.each(bad)(
    "answers 400 naming the field for %s, storing nothing",
    async (_l, change, field) => {
      const res = await request(store, "POST", "/api/contact", { ...valid, ...change }, from());
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(res.body.error.message).toContain(field);
      expect(Object.keys(res.body.error.fields)).toContain(field);
      expect(await messages()).toHaveLength(0);
      expect(await outbox()).toHaveLength(0);
    },
  );

  it("answers 400 for invalid JSON and 415 for another content type", async () => {
    expect((await request(store, "POST", "/api/contact", "{", from())).status).toBe(400);
    const text = await request(store, "POST", "/api/contact", "hello", {
      ...from(),
      "content-type": "text/plain",
    });
    expect(text.status).toBe(415);
  });

  it("drops a message whose honeypot is filled, answering like a stored one", async () => {
    const res = await request(store, "POST", "/api/contact", { ...valid, website: "x" }, from());
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("received");
    expect(await messages()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it(`allows ${CONTACT_MESSAGES_PER_HOUR} messages per hour per address, then 429 with Retry-After`, async () => {
    const headers = from();
    for (let i = 0; i < CONTACT_MESSAGES_PER_HOUR; i++) {
      expect((await request(store, "POST", "/api/contact", valid, headers)).status).toBe(201);
    }
    const limited = await request(store, "POST", "/api/contact", valid, headers);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(limited.body.error.message).toContain("(239) 555-0142");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await messages()).toHaveLength(CONTACT_MESSAGES_PER_HOUR);
    expect((await request(store, "POST", "/api/contact", valid, from())).status).toBe(201);
  });

  it(`confirms to one email address at most ${CONTACT_CONFIRMATIONS_PER_DAY} times a day, whatever the senders' addresses`, async () => {
    const victim = { ...valid, email: "Victim@Example.com", subject: "Cheap pills here" };
    for (let i = 0; i < 12; i++) {
      const email = i % 2 ? victim.email : victim.email.toLowerCase();
      const res = await request(store, "POST", "/api/contact", { ...victim, email }, from());
      expect(res.status).toBe(201);
    }
    expect(await messages()).toHaveLength(12);
    const emails = await outbox();
    expect(emails.filter((e) => e.kind === "contact_store")).toHaveLength(12);
    const confirmations = emails.filter((e) => e.kind === "contact_confirmation");
    expect(confirmations).toHaveLength(CONTACT_CONFIRMATIONS_PER_DAY);
    for (const e of confirmations) expect(e.text_body).not.toContain("Cheap pills");
    // The count is per address: another visitor still gets a confirmation.
    await request(
      store,
      "POST",
      "/api/contact",
      { ...valid, email: "someone@example.com" },
      from(),
    );
    expect((await outbox()).filter((e) => e.to_address === "someone@example.com")).toHaveLength(1);
    // No email address is kept in the limits table.
    const keys = await store.services.db.selectFrom("rate_limits").select("key").execute();
    expect(keys.map((k) => k.key).join(" ")).not.toMatch(/@|victim/i);
  });

  it("ignores X-Forwarded-For without TRUST_PROXY (one bucket for the socket address)", async () => {
    const direct = await createTestStore(dialect);
    try {
      for (let i = 0; i < CONTACT_MESSAGES_PER_HOUR; i++) {
        await request(direct, "POST", "/api/contact", valid, from());
      }
      const limited = await request(direct, "POST", "/api/contact", valid, from());
      expect(limited.status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});
