import { describe, expect, it } from "vitest";
import { CSV_BOM, csvAmount, csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+1 239 555 0142", "'+1 239 555 0142"],
    ["-2+3", "'-2+3"],
    ["@cmd", "'@cmd"],
    ["\tTAB", "'\tTAB"],
    ["\r=1", '"\'\r=1"'],
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["line\nbreak", '"line\nbreak"'],
    ["a=b", "a=b"],
    ["O'Brien", "O'Brien"],
  ])("%j → %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("writes numbers, booleans and empties as they are", () => {
    expect(csvCell(-5.5)).toBe("-5.5");
    expect(csvCell(12)).toBe("12");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(true)).toBe("yes");
    expect(csvCell(false)).toBe("no");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });
});

describe("toCsv", () => {
  it("joins a header and rows with CRLF", () => {
    expect(
      toCsv(
        ["name", "total"],
        [
          ["Jane", 10.5],
          ["=evil", 2],
        ],
      ),
    ).toBe(`${CSV_BOM}name,total\r\nJane,10.5\r\n'=evil,2\r\n`);
  });

  it("starts with the UTF-8 byte-order mark Excel needs to read accented names", () => {
    const bytes = Buffer.from(toCsv(["customer"], [["Łukasz Nguyễn"]]), "utf8");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe("money cells", () => {
  it.each([
    [1000, "10.00"],
    [1050, "10.50"],
    [5, "0.05"],
    [0, "0.00"],
    [-550, "-5.50"],
    [-1, "-0.01"],
    [123456789, "1234567.89"],
  ])("%i cents → %s", (cents, text) => {
    expect(csvCell(csvAmount(cents))).toBe(text);
  });
});
