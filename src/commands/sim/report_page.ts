/**
 * The balance report as one self-contained HTML page: each chart is drawn to
 * SVG here, by Vega-Lite compiled to Vega and rendered headless, so the page
 * carries no script and fetches nothing (its Content-Security-Policy forbids
 * every load).
 *
 * @module
 */
import * as vega from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import type { Chart } from "./balance_charts.ts";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** `text` made safe inside HTML text or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Draws `chart` as an SVG document (a string), with its rows as the data. */
export async function chartSvg(chart: Chart): Promise<string> {
  const spec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    data: { values: chart.rows },
    config: {
      font: "sans-serif",
      view: { stroke: null },
      // Item and monster names are long: show them whole, and floors upright.
      axis: { labelLimit: 240 },
      axisX: { labelAngle: 0 },
      legend: { labelLimit: 320 },
    },
    ...chart.spec,
  } as unknown as TopLevelSpec;
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

const STYLE = `body{font-family:sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#222}
figure{margin:2rem 0}figcaption{color:#555;margin-top:.3rem}pre{overflow-x:auto;font-size:.8rem}
h2{font-size:1.1rem;margin-bottom:.3rem}svg{max-width:100%;height:auto}`;

/** The whole page: a heading, each chart with its title and caption, and the text report. */
export async function reportPage(
  title: string,
  charts: readonly Chart[],
  textReport: string,
): Promise<string> {
  const figures = [];
  for (const chart of charts) {
    figures.push(
      `<figure id="chart-${escapeHtml(chart.id)}"><h2>${escapeHtml(chart.title)}</h2>\n${await chartSvg(
        chart,
      )}\n` +
        `<figcaption>${escapeHtml(chart.caption)}</figcaption></figure>`,
    );
  }
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${figures.join("\n")}
<details><summary>The report in text</summary><pre>${escapeHtml(textReport)}</pre></details>
</body></html>
`;
}
