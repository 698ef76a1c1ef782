import { afterAll, beforeAll, expect, it } from "vitest";
import { insertTestMessage, insertTestReview, loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("admin moderation and inbox on %s", (dialect) => {
  let store: TestStore;
  let cookie: string;
  const get = (path: string) => request(store, "GET", path, undefined, { cookie });
  const post = (path: string) => request(store, "POST", path, undefined, { cookie });

  beforeAll(async () => {
    store = await createTestStore(dialect);
    cookie = await loginCookie(store);
  });
  afterAll(async () => {
    await store?.close();
  });

  it("lists pending reviews and approves or rejects them", async () => {
    const a = await insertTestReview(store.services.db, { customerName: "Ann" });
    const b = await insertTestReview(store.services.db, { customerName: "Bob" });
    await insertTestReview(store.services.db, { customerName: "Old", status: "approved" });
    const pending = await get("/api/admin/reviews");
    expect(pending.body.map((r: { id: number }) => r.id)).toEqual([b, a]);
    expect(pending.body[0]).toMatchObject({ customerName: "Bob", status: "pending", rating: 5 });

    const approved = await post(`/api/admin/reviews/${a}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      id: a,
      status: "approved",
      moderatedAt: expect.any(String),
    });
    const rejected = await post(`/api/admin/reviews/${b}/reject`);
    expect(rejected.body.status).toBe("rejected");

    expect((await get("/api/admin/reviews")).body).toEqual([]);
    const names = (await get("/api/admin/reviews?status=approved")).body.map(
      (r: { customerName: string }) => r.customerName,
    );
    expect(names.sort()).toEqual(["Ann", "Old"]);
    expect((await get("/api/admin/reviews?status=rejected")).body).toHaveLength(1);
    expect((await get("/api/admin/reviews?status=weird")).status).toBe(400);
    expect((await post("/api/admin/reviews/999999/approve")).status).toBe(404);
  });

  it("lists contact messages, shows one and marks it handled", async () => {
    const id = await insertTestMessage(store.services.db, { subject: "Shutter quote" });
    await insertTestMessage(store.services.db, { subject: "Done already", status: "handled" });
    const fresh = await get("/api/admin/messages");
    expect(fresh.body.map((m: { subject: string }) => m.subject)).toEqual(["Shutter quote"]);
    const one = await get(`/api/admin/messages/${id}`);
    expect(one.body).toMatchObject({
      id,
      firstName: "Sam",
      email: "sam@example.com",
      message: "Three windows in the living room.",
      preferredContactMethod: "email",
      status: "new",
      handledAt: null,
    });
    const handled = await post(`/api/admin/messages/${id}/handled`);
    expect(handled.body).toMatchObject({ status: "handled", handledAt: expect.any(String) });
    const again = await post(`/api/admin/messages/${id}/handled`);
    expect(again.body.handledAt).toBe(handled.body.handledAt);
    expect((await get("/api/admin/messages")).body).toEqual([]);
    expect((await get("/api/admin/messages?status=all")).body).toHaveLength(2);
    expect((await get("/api/admin/messages/999999")).status).toBe(404);
    expect((await post("/api/admin/messages/999999/handled")).status).toBe(404);
  });
});
