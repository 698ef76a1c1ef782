import { describe, expect, it } from "vitest";
import { keywordOf } from "./text-keywords";

describe("keywordOf", () => {
  it.each([
    ["STOP", "stop"],
    ["stop", "stop"],
    ["  Stop.  ", "stop"],
    ["STOP!!!", "stop"],
    ["stopall", "stop"],
    ["Unsubscribe", "stop"],
    ["cancel", "stop"],
    ["END", "stop"],
    ["quit?", "stop"],
    ["start", "start"],
    ["UNSTOP", "start"],
    ["help", "help"],
    ["Help?", "help"],
    ["cancel my visit", null],
    ["please stop", null],
    ["stop stop", null],
    ["", null],
    ["Hi, can you come on Tuesday?", null],
  ])("%j → %s", (body, expected) => {
    expect(keywordOf(body)).toBe(expected);
  });
});
