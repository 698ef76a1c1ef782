import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, errorBody } from "../errors";
import { readJson } from "./validation";

const app = new Hono();
app.onError((e, c) =>
  e instanceof AppError
    ? c.json(errorBody(e.code, e.message), e.status as 400)
    : c.text("boom", 500),
);
app.post("/echo", async (c) => c.json(await readJson(c, z.object({ width: z.number().min(12) }))));

const post = (body: string, type = "application/json") =>
  app.request("/echo", { method: "POST", body, headers: { "content-type": type } });

describe("readJson", () => {
  it.each([
    ["malformed JSON", "{nope", "application/json", 400, "bad_request"],
    ["wrong content type", '{"width":20}', "text/plain", 415, "unsupported_media_type"],
    ["schema failure names the field", '{"width":2}', "application/json", 400, "validation_failed"],
    ["wrong type", '{"width":"wide"}', "application/json", 400, "validation_failed"],
  ])("%s", async (_name, body, type, status, code) => {
    const res = await post(body, type);
    expect(res.status).toBe(status);
    const json = (await res.json()) as { error: { code: string; message: string } };
    expect(json.error.code).toBe(code);
    if (code === "validation_failed") expect(json.error.message).toMatch(/^width: /);
  });

  it("passes valid input through", async () => {
    const res = await post('{"width":20}');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ width: 20 });
  });
});
