import { describe, expect, it } from "vitest";
import { onMyWayText, reminderText, TEXT_MAX_CHARACTERS } from "./text-messages";

const store = {
  language: "en",
  storeName: "Lee County Blinds & Shutters",
  storePhone: "(239) 555-0142",
} as const;

describe("appointment texts", () => {
  it.each([
    [
      "Ana",
      "Hi Ana, Lee County Blinds & Shutters here: see you tomorrow, Tuesday, December 8, 8–10 AM (arrival window). To change it, call (239) 555-0142. Reply STOP to opt out.",
    ],
    [
      "Mary Ann",
      "Hi Mary, Lee County Blinds & Shutters here: see you tomorrow, Tuesday, December 8, 8–10 AM (arrival window). To change it, call (239) 555-0142. Reply STOP to opt out.",
    ],
  ])("the reminder for %s carries the first name, the window and the phone", (firstName, text) => {
    expect(
      reminderText({ ...store, firstName, date: "2026-12-08", start: "08:00", end: "10:00" }),
    ).toBe(text);
  });

  it("stays within 320 characters whatever the name and store name", () => {
    const long = {
      language: "es",
      storeName: "S".repeat(120),
      storePhone: "(239) 555-0142",
    } as const;
    const text = reminderText({
      ...long,
      firstName: "A".repeat(60),
      date: "2026-12-08",
      start: "08:00",
      end: "10:00",
    });
    expect(text.length).toBeLessThanOrEqual(TEXT_MAX_CHARACTERS);
    expect(text).toContain("(239) 555-0142");
    const way = onMyWayText({ ...long, firstName: "B".repeat(60), minutes: 45 });
    expect(way.length).toBeLessThanOrEqual(TEXT_MAX_CHARACTERS);
    expect(way).toContain("45 minutos");
  });

  it("writes a Spanish customer's reminder in Spanish, the window as es-US writes it", () => {
    expect(
      reminderText({
        ...store,
        language: "es",
        firstName: "Ana",
        date: "2026-12-08",
        start: "08:00",
        end: "10:00",
      }),
    ).toBe(
      "Hola, Ana. Le habla Lee County Blinds & Shutters: nos vemos mañana, martes, 8 de diciembre, 8:00–10:00 a.m. (horario de llegada). Para cambiarla, llame al (239) 555-0142. Responda STOP para no recibir más mensajes.",
    );
  });
});
