/**
 * Business days for the buyer's right to cancel: every day but
 * Sundays and US federal holidays, observed days included. The holidays come from date-holidays
 * (a maintained library), never a hand-written list. Dates are store dates, YYYY-MM-DD.
 * Server-only in practice: the library carries every country's rules, too heavy for a page, and
 * is imported on first use, not at start, hence the answers are promises.
 */
type FederalCalendar = InstanceType<typeof import("date-holidays").default>;

let federal: Promise<FederalCalendar> | undefined;
const cache = new Map<number, Set<string>>();

/** The federal holidays (and their observed days) of `year`, as YYYY-MM-DD. */
async function federalHolidays(year: number): Promise<Set<string>> {
  let days = cache.get(year);
  if (!days) {
    federal ??= import("date-holidays").then(({ default: Holidays }) => new Holidays("US"));
    days = new Set(
      (await federal)
        .getHolidays(year)
        .filter((h) => h.type === "public")
        .map((h) => h.date.slice(0, 10)),
    );
    cache.set(year, days);
  }
  return days;
}

function parts(date: string): { y: number; m: number; d: number } {
  const [y = 1970, m = 1, d = 1] = date.split("-").map(Number);
  return { y, m, d };
}

function nextDay(date: string): string {
  const { y, m, d } = parts(date);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

export async function isFederalHoliday(date: string): Promise<boolean> {
  return (await federalHolidays(parts(date).y)).has(date);
}

/** True for every day but a Sunday or a federal holiday. */
export async function isBusinessDay(date: string): Promise<boolean> {
  const { y, m, d } = parts(date);
  if (new Date(Date.UTC(y, m - 1, d)).getUTCDay() === 0) return false;
  return !(await isFederalHoliday(date));
}

/**
 * The `count`-th business day after `date` (the day itself not counted): the last day of a
 * right to cancel of `count` business days that starts on `date`. 0 → `date`.
 */
export async function addBusinessDays(date: string, count: number): Promise<string> {
  let day = date;
  let left = count;
  while (left > 0) {
    day = nextDay(day);
    if (await isBusinessDay(day)) left -= 1;
  }
  return day;
}
