/**
 * A strict parser of the Prometheus text exposition format (version 0.0.4), written from the
 * format's description rather than taken from prom-client, so that a test of /metrics checks
 * what a Prometheus server would accept: HELP and TYPE lines before a family's samples and at
 * most once each, metric and label names by the grammar, escaped label values, float values,
 * histogram series (_bucket with le, _sum, _count; cumulative buckets ending at +Inf equal to
 * _count), no series twice. Any breach throws with the line number.
 */

export type MetricType = "counter" | "gauge" | "histogram" | "summary" | "untyped";

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: MetricType;
  help: string | undefined;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<MetricType>(["counter", "gauge", "histogram", "summary", "untyped"]);

/**
 * A value as Prometheus reads it (Go's strconv.ParseFloat): decimal or exponent notation, and
 * NaN and ±Inf in any letter case (prom-client writes "Nan" for an event-loop mean not yet
 * measured).
 */
function parseValue(text: string, line: number): number {
  const word = text.toLowerCase();
  if (word === "+inf" || word === "inf" || word === "+infinity" || word === "infinity") {
    return Number.POSITIVE_INFINITY;
  }
  if (word === "-inf" || word === "-infinity") return Number.NEGATIVE_INFINITY;
  if (word === "nan") return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) {
    throw new Error(`line ${line}: "${text}" is not a sample value`);
  }
  return Number(text);
}

/** name{a="x",b="y"} value [timestamp] */
function parseSample(text: string, line: number): Sample {
  const nameMatch = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(text);
  if (!nameMatch) throw new Error(`line ${line}: no metric name in "${text}"`);
  const name = nameMatch[0];
  let i = name.length;
  const labels: Record<string, string> = {};
  if (text[i] === "{") {
    i++;
    for (;;) {
      if (text[i] === "}") {
        i++;
        break;
      }
      const labelMatch = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(text.slice(i));
      if (!labelMatch) throw new Error(`line ${line}: bad label name at column ${i}`);
      const label = labelMatch[0];
      i += label.length;
      if (text[i] !== "=" || text[i + 1] !== '"') {
        throw new Error(`line ${line}: label ${label} needs ="value"`);
      }
      i += 2;
      let value = "";
      for (;;) {
        const ch = text[i];
        if (ch === undefined) throw new Error(`line ${line}: unterminated label value`);
        if (ch === '"') {
          i++;
          break;
        }
        if (ch === "\\") {
          const next = text[i + 1];
          if (next === "\\") value += "\\";
          else if (next === '"') value += '"';
          else if (next === "n") value += "\n";
          else throw new Error(`line ${line}: bad escape \\${next} in a label value`);
          i += 2;
          continue;
        }
        value += ch;
        i++;
      }
      if (label in labels) throw new Error(`line ${line}: label ${label} given twice`);
      labels[label] = value;
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] !== "}") throw new Error(`line ${line}: expected , or } after a label`);
    }
  }
  if (text[i] !== " ") throw new Error(`line ${line}: expected a space before the value`);
  const rest = text
    .slice(i + 1)
    .trim()
    .split(/ +/);
  if (rest.length < 1 || rest.length > 2) throw new Error(`line ${line}: expected value [ts]`);
  const value = parseValue(rest[0] ?? "", line);
  if (rest[1] !== undefined && !/^-?\d+$/.test(rest[1])) {
    throw new Error(`line ${line}: "${rest[1]}" is not a timestamp`);
  }
  return { name, labels, value };
}

/** Which family a sample name belongs to, given the families declared so far. */
function familyOf(sampleName: string, families: Map<string, MetricFamily>): MetricFamily | null {
  const exact = families.get(sampleName);
  if (exact) return exact;
  for (const suffix of ["_bucket", "_sum", "_count"]) {
    if (!sampleName.endsWith(suffix)) continue;
    const family = families.get(sampleName.slice(0, -suffix.length));
    if (!family) continue;
    if (family.type === "histogram") return family;
    if (family.type === "summary" && suffix !== "_bucket") return family;
  }
  return null;
}

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const seenSeries = new Set<string>();
  const helpSeen = new Set<string>();
  if (!text.endsWith("\n")) throw new Error("the exposition must end with a line feed");
  const lines = text.split("\n");
  lines.pop();
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    if (raw.startsWith("#")) {
      const m = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(raw);
      if (!m) return; // an ordinary comment
      const [, keyword, name = "", rest = ""] = m;
      if (!METRIC_NAME.test(name)) throw new Error(`line ${line}: bad metric name ${name}`);
      if (keyword === "TYPE") {
        if (!TYPES.has(rest as MetricType)) throw new Error(`line ${line}: bad type "${rest}"`);
        const existing = families.get(name);
        if (existing?.samples.length) {
          throw new Error(`line ${line}: TYPE of ${name} after its samples`);
        }
        if (existing && existing.type !== "untyped") {
          throw new Error(`line ${line}: TYPE of ${name} given twice`);
        }
        if (existing) existing.type = rest as MetricType;
        else families.set(name, { name, type: rest as MetricType, help: undefined, samples: [] });
      } else {
        if (helpSeen.has(name)) throw new Error(`line ${line}: HELP of ${name} given twice`);
        helpSeen.add(name);
        const help = rest.replace(/\\(\\|n)/g, (_, c: string) => (c === "n" ? "\n" : "\\"));
        const existing = families.get(name);
        if (existing) existing.help = help;
        else families.set(name, { name, type: "untyped", help, samples: [] });
      }
      return;
    }
    const sample = parseSample(raw, line);
    const family = familyOf(sample.name, families);
    if (!family) throw new Error(`line ${line}: sample ${sample.name} has no TYPE before it`);
    for (const label of Object.keys(sample.labels)) {
      if (!LABEL_NAME.test(label) || label.startsWith("__")) {
        throw new Error(`line ${line}: reserved or bad label name ${label}`);
      }
    }
    const key = `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
    if (seenSeries.has(key)) throw new Error(`line ${line}: series ${key} given twice`);
    seenSeries.add(key);
    family.samples.push(sample);
  });
  for (const family of families.values()) {
    if (family.type === "histogram") checkHistogram(family);
    if (family.type === "counter") {
      for (const s of family.samples) {
        if (!(s.value >= 0)) throw new Error(`counter ${s.name} is ${s.value}`);
      }
    }
  }
  return families;
}

function checkHistogram(family: MetricFamily): void {
  const groups = new Map<string, { buckets: [number, number][]; count?: number; sum?: number }>();
  for (const s of family.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const group = groups.get(key) ?? { buckets: [] };
    groups.set(key, group);
    if (s.name === `${family.name}_bucket`) {
      if (le === undefined) throw new Error(`${s.name} without le`);
      group.buckets.push([parseValue(le, 0), s.value]);
    } else if (s.name === `${family.name}_count`) group.count = s.value;
    else if (s.name === `${family.name}_sum`) group.sum = s.value;
    else throw new Error(`histogram ${family.name} has a sample ${s.name}`);
  }
  for (const [key, group] of groups) {
    const sorted = [...group.buckets].sort((a, b) => a[0] - b[0]);
    const last = sorted.at(-1);
    if (!last || last[0] !== Number.POSITIVE_INFINITY) {
      throw new Error(`histogram ${family.name}${key} has no +Inf bucket`);
    }
    for (let i = 1; i < sorted.length; i++) {
      if ((sorted[i]?.[1] ?? 0) < (sorted[i - 1]?.[1] ?? 0)) {
        throw new Error(`histogram ${family.name}${key}: buckets are not cumulative`);
      }
    }
    if (group.count === undefined || group.sum === undefined) {
      throw new Error(`histogram ${family.name}${key} lacks _count or _sum`);
    }
    if (last[1] !== group.count) {
      throw new Error(
        `histogram ${family.name}${key}: +Inf bucket ${last[1]} ≠ count ${group.count}`,
      );
    }
  }
}
