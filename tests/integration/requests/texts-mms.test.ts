/**
 * Photos texted in (MMS, decision 529) on both databases: fetched from Twilio's media URL with
 * the account's credentials (the stand-in refuses others, as Twilio does), re-encoded without
 * metadata, kept once per MessageSid, shown in the thread and served behind its access check;
 * an attachment that is not a photo, is missing or is not on Twilio's API is counted, never
 * fetched from elsewhere.
 */
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addWorkingStaff, loginCookie } from "../../support/admin-fixtures";
import { newMessageSid, postInboundText, TEST_TWILIO } from "../../support/inbound-texts";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";
import { startTwilioStandIn, type TwilioStandIn } from "../../support/twilio-stand-in";

/** A phone photo with EXIF (a GPS position included), as a customer's camera sends it. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: "#4a7a8c" } })
    .withExif({
      IFD0: { Make: "PhoneCam", Copyright: "Ana Ruiz" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "26/1 33/1 45/1" },
    })
    .jpeg()
    .toBuffer();
}

let numberSerial = 0;
function newNumber(): string {
  numberSerial += 1;
  return `+1239556${String(1000 + numberSerial).slice(-4)}`;
}

function mediaFields(media: readonly { url: string; type: string }[]): Record<string, string> {
  const fields: Record<string, string> = { NumMedia: String(media.length) };
  for (const [i, m] of media.entries()) {
    fields[`MediaUrl${i}`] = m.url;
    fields[`MediaContentType${i}`] = m.type;
  }
  return fields;
}

describeEachDialect("photos texted in on %s", (dialect) => {
  let store: TestStore;
  let twilioApi: TwilioStandIn;
  let elsewhere: Server;
  let elsewhereUrl: string;
  const elsewhereHits: string[] = [];
  let owner: string;

  beforeAll(async () => {
    twilioApi = await startTwilioStandIn(
      TEST_TWILIO.TWILIO_ACCOUNT_SID,
      TEST_TWILIO.TWILIO_AUTH_TOKEN,
    );
    elsewhere = createServer((req, res) => {
      elsewhereHits.push(req.url ?? "");
      res.writeHead(200, { "Content-Type": "image/jpeg" }).end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
    elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    store = await createTestStore(dialect, {
      ...TEST_TWILIO,
      TWILIO_BASE_URL: twilioApi.baseUrl,
    });
    owner = await loginCookie(store);
    twilioApi.media.set("ME01", { contentType: "image/jpeg", data: await phonePhoto() });
    twilioApi.media.set("ME02", {
      contentType: "text/vcard",
      data: Buffer.from("BEGIN:VCARD\nFN:Ana Ruiz\nEND:VCARD\n"),
    });
  });
  afterAll(async () => {
    await store?.close();
    await twilioApi?.close();
    await new Promise<void>((resolve) => elsewhere?.close(() => resolve()));
  });

  const mediaDir = () => path.join(store.config.dataDir, "uploads", "texts");
  const keptFiles = () => (fs.existsSync(mediaDir()) ? fs.readdirSync(mediaDir()).length : 0);

  async function threadOf(phone: string) {
    const list = await request(store, "GET", "/api/admin/texts", undefined, { cookie: owner });
    const summary = list.body.threads.find((t: { phone: string }) => t.phone === phone);
    const thread = await request(store, "GET", `/api/admin/texts/${summary.id}`, undefined, {
      cookie: owner,
    });
    return thread.body;
  }

  it("keeps a texted photo without its metadata, counts the contact card it could not show, and serves the photo to the office", async () => {
    const phone = newNumber();
    const filesBefore = keptFiles();
    const posted = await postInboundText(store, {
      from: phone,
      body: "Here is the window",
      extra: mediaFields([
        { url: twilioApi.mediaUrl("ME01"), type: "image/jpeg" },
        { url: twilioApi.mediaUrl("ME02"), type: "text/vcard" },
      ]),
    });
    expect(posted.status).toBe(200);
    expect(keptFiles()).toBe(filesBefore + 1);

    const thread = await threadOf(phone);
    const [message] = thread.messages;
    expect(message.body).toBe("Here is the window");
    expect(message.mediaMissing).toBe(1);
    expect(message.media).toHaveLength(1);
    expect(message.media[0].contentType).toBe("image/jpeg");

    const photo = await store.app.request(message.media[0].url, { headers: { cookie: owner } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    const bytes = Buffer.from(await photo.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.width).toBe(80);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("PhoneCam"))).toBe(false);

    const signedOut = await store.app.request(message.media[0].url);
    expect(signedOut.status).toBe(401);
  });

  it("takes a repeated MessageSid once: one message, one photo, nothing fetched again", async () => {
    const phone = newNumber();
    const sid = newMessageSid();
    const extra = mediaFields([{ url: twilioApi.mediaUrl("ME01"), type: "image/jpeg" }]);
    const readsBefore = twilioApi.mediaReads.length;
    const filesBefore = keptFiles();
    const first = await postInboundText(store, { from: phone, body: "", sid, extra });
    const again = await postInboundText(store, { from: phone, body: "", sid, extra });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(twilioApi.mediaReads.length - readsBefore).toBe(1);
    expect(keptFiles()).toBe(filesBefore + 1);
    const thread = await threadOf(phone);
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0].media).toHaveLength(1);
  });

  it("never fetches an attachment that is not on Twilio's API, and counts one Twilio does not have", async () => {
    const phone = newNumber();
    const filesBefore = keptFiles();
    const posted = await postInboundText(store, {
      from: phone,
      body: "two more",
      extra: mediaFields([
        {
          url: `${elsewhereUrl}/2010-04-01/Accounts/${TEST_TWILIO.TWILIO_ACCOUNT_SID}/x.jpg`,
          type: "image/jpeg",
        },
        { url: twilioApi.mediaUrl("ME99"), type: "image/jpeg" },
      ]),
    });
    expect(posted.status).toBe(200);
    expect(elsewhereHits).toEqual([]);
    expect(keptFiles()).toBe(filesBefore);
    const thread = await threadOf(phone);
    expect(thread.messages[0].media).toEqual([]);
    expect(thread.messages[0].mediaMissing).toBe(2);
  });

  it("shows a photo only to those who see the thread: an installer without the customer gets 404", async () => {
    const phone = newNumber();
    await postInboundText(store, {
      from: phone,
      body: "",
      extra: mediaFields([{ url: twilioApi.mediaUrl("ME01"), type: "image/jpeg" }]),
    });
    const thread = await threadOf(phone);
    const installer = await addWorkingStaff(store, owner, "installer");
    const res = await store.app.request(thread.messages[0].media[0].url, {
      headers: { cookie: installer.cookie },
    });
    expect(res.status).toBe(404);
    const other = await request(
      store,
      "GET",
      `/api/admin/texts/${thread.id}/media/999999`,
      undefined,
      { cookie: owner },
    );
    expect(other.status).toBe(404);
  });
});
