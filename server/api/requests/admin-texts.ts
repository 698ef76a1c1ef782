/**
 * /api/admin/texts: the inbox and the consent ledger (decision 550). Mounted by adminRoutes after
 * its access check; the service narrows an installer to his visits' customers.
 */
import { type Context, Hono } from "hono";
import { textReplySchema } from "../../../domain/requests/text-keywords";
import { storeToday } from "../../../domain/scheduling/visit-time";
import { toCsv } from "../../../domain/shared/csv";
import type { AppServices } from "../../context";
import { type AdminEnv, actorOfRequest, staffOf } from "../people/admin-access";
import { idParam, readJson } from "../validation";

const LEDGER_HEADER = ["phone", "event", "source", "at", "words"] as const;
/** GET /api/admin/texts/consents.csv */
const LEDGER_FILE = "consents.csv";

export function adminTextRoutes(services: AppServices) {
  const { textInbox } = services;
  const routes = new Hono<AdminEnv>();
  const viewerOf = (c: Context<AdminEnv>) => {
    const me = staffOf(c);
    return { staffId: me.staffId, role: me.role };
  };

  const ledgerCsv = async (c: Context<AdminEnv>) => {
    const rows = await textInbox.ledger(viewerOf(c));
    const csv = toCsv(
      LEDGER_HEADER,
      rows.map((r) => [r.phone, r.event, r.source, r.at, r.words]),
    );
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="text-consents-${storeToday()}.csv"`,
    });
  };

  routes.get("/texts", async (c) => {
    const threads = await textInbox.list(viewerOf(c));
    return c.json({
      threads,
      unreadThreads: threads.filter((t) => t.unread > 0).length,
    });
  });

  // Hono's RegExpRouter takes no static path beside a parameter at the same place, so the
  // ledger's export is this route's one named value (the service refuses it to installers).
  routes.get("/texts/:id", async (c) => {
    if (c.req.param("id") === LEDGER_FILE) return ledgerCsv(c);
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

  // Photos a customer texted in leave the data folder only here, behind the thread's access check.
  routes.get("/texts/:id/media/:mediaId", async (c) => {
    const photo = await textInbox.media(
      idParam(c, "id", "Text thread"),
      idParam(c, "mediaId", "Photo"),
      viewerOf(c),
    );
    return c.body(new Uint8Array(photo.data), 200, {
      "Content-Type": photo.contentType,
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
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
