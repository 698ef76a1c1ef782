/**
 * /api/admin/texts: the inbox and the consent ledger (decision 550). Mounted by adminRoutes after
 * its access check; the service narrows an installer to his visits' customers.
 */
import { Hono } from "hono";
import { textReplySchema } from "../../../domain/requests/text-keywords";
import { storeToday } from "../../../domain/scheduling/visit-time";
import { toCsv } from "../../../domain/shared/csv";
import type { AppServices } from "../../context";
import { type AdminEnv, actorOfRequest, staffOf } from "../people/admin-access";
import { idParam, readJson } from "../validation";

const LEDGER_HEADER = ["phone", "event", "source", "at", "words"] as const;

export function adminTextRoutes(services: AppServices) {
  const { textInbox } = services;
  const routes = new Hono<AdminEnv>();
  const viewerOf = (c: Parameters<typeof staffOf>[0]) => {
    const me = staffOf(c);
    return { staffId: me.staffId, role: me.role };
  };

  routes.get("/texts", async (c) => {
    const threads = await textInbox.list(viewerOf(c));
    return c.json({
      threads,
      unreadThreads: threads.filter((t) => t.unread > 0).length,
    });
  });

  routes.get("/texts/unread", async (c) =>
    c.json({ unreadThreads: await textInbox.unreadCount(viewerOf(c)) }),
  );

  routes.get("/texts/consents.csv", async (c) => {
    const rows = await textInbox.ledger();
    const csv = toCsv(
      LEDGER_HEADER,
      rows.map((r) => [r.phone, r.event, r.source, r.at, r.words]),
    );
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="text-consents-${storeToday()}.csv"`,
    });
  });

  routes.get("/texts/:id", async (c) => {
    const id = idParam(c, "id", "Text thread");
    const thread = await textInbox.open(id, viewerOf(c));
    return c.json({
      ...thread,
      messages: thread.messages.map((m) => ({
        ...m,
        media: m.media.map((x) => ({
          url: `/api/admin/texts/${thread.id}/media/${x.id}`,
          contentType: x.contentType,
        })),
      })),
    });
  });

  routes.post("/texts/:id/reply", async (c) => {
    const id = idParam(c, "id", "Text thread");
    const input = await readJson(c, textReplySchema);
    const me = staffOf(c);
    const message = await textInbox.reply(id, input, { ...actorOfRequest(c), role: me.role });
    return c.json({ queued: true, message }, 201);
  });

  return routes;
}
