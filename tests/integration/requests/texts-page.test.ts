/**
 * /admin/texts on both databases (decision 552): a new text counts at once beside the sidebar's
 * "Texts" and on the (cached) dashboard; the thread shows it and opening it reads it; a reply to
 * a number without consent is refused in words on the page; an installer sees no other's thread.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addWorkingStaff, loginCookie } from "../../support/admin-fixtures";
import { TEST_TWILIO } from "../../support/inbound-texts";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { describeEachDialect } from "../../support/test-database";
import { startTwilioStandIn, type TwilioStandIn } from "../../support/twilio-stand-in";

function sidebarCount(html: string, label: string): number | undefined {
  const m = html.match(new RegExp(`>${label}<span[^>]*data-testid="nav-count"[^>]*>(\\d+)</span>`));
  return m ? Number(m[1]) : undefined;
}

describeEachDialect("the texts pages on %s", (dialect) => {
  let store: PageTestStore;
  let twilioApi: TwilioStandIn;
  let owner: string;
  const page = async (path: string, cookie = owner) => {
    const res = await store.app.request(path, { headers: { cookie } });
    return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
  };

  beforeAll(async () => {
    twilioApi = await startTwilioStandIn(
      TEST_TWILIO.TWILIO_ACCOUNT_SID,
      TEST_TWILIO.TWILIO_AUTH_TOKEN,
    );
    store = await createPageTestStore(dialect, {
      ...TEST_TWILIO,
      TWILIO_BASE_URL: twilioApi.baseUrl,
    });
    owner = await loginCookie(store);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await twilioApi?.close();
  });

  it("shows a texted photo in the thread, and says what it could not show", async () => {
    const photo = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#8c6a4a" },
    })
      .jpeg()
      .toBuffer();
    twilioApi.media.set("MEpage", { contentType: "image/jpeg", data: photo });
    const received = await store.services.textInbox.receive(
      {
        From: "+12395550178",
        To: "+12395550100",
        Body: "",
        MessageSid: `SM${randomBytes(16).toString("hex")}`,
        NumMedia: 2,
      },
      [
        { url: twilioApi.mediaUrl("MEpage"), contentType: "image/jpeg" },
        { url: twilioApi.mediaUrl("MEgone"), contentType: "video/mp4" },
      ],
    );
    const thread = await page(`/admin/texts/${received.threadId}`);
    expect(thread.status).toBe(200);
    expect(thread.html).toMatch(
      new RegExp(
        `<img src="/api/admin/texts/${received.threadId}/media/\\d+" alt="Sent by the customer`,
      ),
    );
    expect(thread.html).toContain("1 attachment could not be shown");
  });

  it("counts a new text at once, shows the thread, and refuses a reply without consent", async () => {
    const before = await page("/admin");
    expect(before.html).toMatch(/Unread texts/);
    const received = await store.services.textInbox.receive({
      From: "+12395550177",
      To: "+12395550100",
      Body: "Can the installer come after 3pm?",
      MessageSid: `SM${randomBytes(16).toString("hex")}`,
      NumMedia: 0,
    });
    const dashboard = await page("/admin");
    expect(sidebarCount(dashboard.html, "Texts")).toBe(1);
    expect(dashboard.html).toMatch(/Unread texts<\/[^>]+>\s*<[^>]+>1</);

    const list = await page("/admin/texts");
    expect(list.status).toBe(200);
    expect(list.html).toContain(`/admin/texts/${received.threadId}`);
    expect(list.html).toContain("1 unread");

    const thread = await page(`/admin/texts/${received.threadId}`);
    expect(thread.status).toBe(200);
    expect(thread.html).toContain("Can the installer come after 3pm?");
    expect(thread.html).toContain("Never agreed to texts");
    expect(sidebarCount((await page("/admin/orders")).html, "Texts")).toBeUndefined();

    const reply = await store.app.request(`/admin/texts/${received.threadId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: owner },
      body: new URLSearchParams({ body: "Yes, 3pm works." }).toString(),
    });
    expect(reply.status).toBe(409);
    expect(await reply.text()).toContain("never agreed to texts from the store");

    const installer = await addWorkingStaff(store, owner, "installer");
    expect((await page(`/admin/texts/${received.threadId}`, installer.cookie)).status).toBe(404);
    expect((await page("/admin/texts", installer.cookie)).html).toContain("No texts yet.");
  });
});
