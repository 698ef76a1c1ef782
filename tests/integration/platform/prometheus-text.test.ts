/** The strict Prometheus text parser the /metrics tests use refuses what Prometheus would. */
import { describe, expect, it } from "vitest";
import { parsePrometheusText } from "../../support/prometheus-text";

const GOOD = `# HELP a_total Things.
# TYPE a_total counter
a_total{route="/x",status="200"} 3
# HELP h Durations.
# TYPE h histogram
h_bucket{le="0.1"} 1
h_bucket{le="+Inf"} 2
h_sum 0.3
h_count 2
`;

describe("the Prometheus text parser", () => {
  it("reads families, types, help and labelled samples", () => {
    const families = parsePrometheusText(GOOD);
    expect(families.get("a_total")).toEqual({
      name: "a_total",
      type: "counter",
      help: "Things.",
      samples: [{ name: "a_total", labels: { route: "/x", status: "200" }, value: 3 }],
    });
    expect(families.get("h")?.samples).toHaveLength(4);
  });

  it.each([
    ["a sample without TYPE", "b 1\n"],
    ["no final line feed", GOOD.trimEnd()],
    ["TYPE after samples", `${GOOD}# TYPE a_total counter\n`],
    ["a bad value", "# TYPE g gauge\ng one\n"],
    ["an unquoted label", "# TYPE g gauge\ng{a=b} 1\n"],
    ["a bad escape", '# TYPE g gauge\ng{a="\\x"} 1\n'],
    ["a series twice", '# TYPE g gauge\ng{a="1"} 1\ng{a="1"} 2\n'],
    ["a negative counter", "# TYPE c counter\nc -1\n"],
    ["a histogram without +Inf", '# TYPE h histogram\nh_bucket{le="1"} 1\nh_sum 1\nh_count 1\n'],
    [
      "buckets that are not cumulative",
      '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1\n',
    ],
    [
      "a +Inf bucket other than the count",
      '# TYPE h histogram\nh_bucket{le="+Inf"} 2\nh_sum 1\nh_count 1\n',
    ],
    ["a bad type", "# TYPE g meter\n"],
  ])("refuses %s", (_what, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
