import { HTTPException } from "hono/http-exception";
import { describe, expect, it, vi } from "vitest";
import { AppError, answerForError, errorBody, fieldError } from "./errors";

function options() {
  const logged: string[] = [];
  return {
    logged,
    phone: "(239) 555-0142",
    logger: { error: (message: string) => void logged.push(message) },
  };
}

describe("answerForError: the one error mapping", () => {
  it("carries an AppError's fields map to the answer and the API body (decision 185)", () => {
    const error = new AppError("outside_service_area", "We install in Lee County only.", {
      fields: { zipCode: "We install in Lee County only." },
    });
    const answer = answerForError(error, options());
    expect(answer).toMatchObject({ status: 422, code: "outside_service_area" });
    expect(answer.fields).toEqual({ zipCode: "We install in Lee County only." });
    expect(errorBody(answer.code, answer.message, answer.details, answer.fields)).toEqual({
      error: {
        code: "outside_service_area",
        message: "We install in Lee County only.",
        fields: { zipCode: "We install in Lee County only." },
      },
    });
    // No fields: no key at all (existing clients see the same body as before).
    expect(answerForError(new AppError("conflict", "Taken."), options()).fields).toBeUndefined();
    expect(new AppError("conflict", "Taken.", { fields: {} }).fields).toBeUndefined();
  });

  it("fieldError keeps the message's old wording and puts the field in the map", () => {
    const error = fieldError("validation_failed", "colors", "unknown color plaid");
    expect(error.message).toBe("colors: unknown color plaid");
    expect(error.fields).toEqual({ colors: "Unknown color plaid" });
  });

  it("answers an AppError with its status, code, message and headers, logging nothing", () => {
    const o = options();
    const answer = answerForError(
      new AppError("rate_limited", "Slow down.", { headers: { "Retry-After": "60" } }),
      o,
    );
    expect(answer).toMatchObject({ status: 429, code: "rate_limited", message: "Slow down." });
    expect(answer.headers).toEqual({ "Retry-After": "60" });
    expect(o.logged).toEqual([]);
  });

  it("recognises an AppError thrown by another copy of this module (the page build's)", async () => {
    vi.resetModules();
    const second = "./errors?copy";
    const copy = (await import(/* @vite-ignore */ second)) as typeof import("./errors");
    const foreign = new copy.AppError("outside_service_area", "We install in Lee County only.");
    expect(copy.AppError).not.toBe(AppError);
    expect(foreign instanceof AppError).toBe(true);
    expect(answerForError(foreign, options())).toMatchObject({
      status: 422,
      code: "outside_service_area",
    });
  });

  it("does not take a look-alike object for an AppError", () => {
    const o = options();
    const lookAlike = Object.assign(new Error("x"), { name: "AppError", status: 400, code: "x" });
    expect(answerForError(lookAlike, o).status).toBe(500);
    expect(o.logged).toEqual(["unhandled error"]);
  });

  it("maps the body limit's HTTPException to 413", () => {
    const answer = answerForError(new HTTPException(413, { message: "too big" }), options());
    expect(answer).toMatchObject({ status: 413, code: "payload_too_large" });
  });

  it("answers a database that is down with 503 and Retry-After", () => {
    const down = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const answer = answerForError(down, options());
    expect(answer).toMatchObject({ status: 503, code: "unavailable" });
    expect(answer.headers).toEqual({ "Retry-After": "5" });
  });

  it("answers anything else 500 without its details, and logs it once", () => {
    const o = options();
    const answer = answerForError(new TypeError("secret internals"), o);
    expect(answer.status).toBe(500);
    expect(answer.message).not.toContain("secret");
    expect(answer.message).toContain("(239) 555-0142");
    expect(o.logged).toEqual(["unhandled error"]);
  });
});
