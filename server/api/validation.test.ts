import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, errorBody } from "../errors";
import { parseInput, readFormRequest, readJson } from "./validation";

const app = new Hono();
app.onError((e, c) =>
  e instanceof AppError
    ? c.json(errorBody(e.code, e.message, e.details, e.fields), e.status as 400)
    : c.text("boom", 500),
);
app.post("/echo", async (c) =>
  c.json(
    await readJson(
      c,
      z.object({
        width: z.number().min(12),
        items: z
          .array(z.object({ height: z.number().max(100, "height must be at most 100") }))
          .optional(),
      }),
    ),
  ),
);

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

describe("the fields map of a refusal (decision 185)", () => {
  it("names each refused field by its path, beside the unchanged code and message", async () => {
    const res = await post('{"width":2,"items":[{"height":5},{"height":500}]}');
    expect(res.status).toBe(400);
    const json = (await res.json()) as {
      error: { code: string; message: string; fields: Record<string, string> };
    };
    expect(json.error.code).toBe("validation_failed");
    expect(json.error.message).toMatch(/^width: /);
    expect(Object.keys(json.error.fields)).toEqual(["width", "items.1.height"]);
    expect(json.error.fields["items.1.height"]).toBe("height must be at most 100");
  });

  it("has no fields for a body that is not JSON", async () => {
    const res = await post("{nope");
    const json = (await res.json()) as { error: Record<string, unknown> };
    expect(json.error.fields).toBeUndefined();
  });

  it("parseInput throws an AppError whose fields name the field", () => {
    const schema = z.object({ zipCode: z.string().regex(/^\d{5}$/, "Enter a 5-digit ZIP code") });
    try {
      parseInput(schema, { zipCode: "339" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).fields).toEqual({ zipCode: "Enter a 5-digit ZIP code" });
    }
  });

  it("a NUL character is refused on its field", async () => {
    const form = new URLSearchParams({ note: "a\u0000b" });
    const request = new Request("http://x/", {
      method: "POST",
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    await expect(readFormRequest(request)).rejects.toMatchObject({
      code: "validation_failed",
      fields: { note: "note must not contain NUL characters" },
    });
    expect(() => parseInput(z.object({}), { a: { b: "\u0000" } })).toThrow(
      expect.objectContaining({ fields: { "a.b": "a.b must not contain NUL characters" } }),
    );
  });
});
