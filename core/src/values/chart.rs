//! The SVG charts of `--plot FILE` (docs/values.md, "Charts"): the fitted values with
//! their intervals beside the declared values, and a score as the games accumulate, with
//! its interval. Plain SVG 1.1 text with no script and no external resource, so that it
//! shows the same in a browser, an image viewer and a README.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::report::ValueReport;
use crate::picture::escape;

/// The score after some games, with its interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScorePoint {
    /// The games played so far.
    pub games: u64,
    /// The score so far, 0 to 1.
    pub score: f64,
    /// The interval's lower bound (clamped to 0).
    pub low: f64,
    /// The interval's upper bound (clamped to 1).
    pub high: f64,
}

/// A score as the games accumulate: one line of the chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScoreSeries {
    /// What is scored (`White`, `pawn odds`).
    pub label: String,
    /// The points, by games played.
    pub points: Vec<ScorePoint>,
}

/// The most points a series keeps: beyond, evenly spaced games (the last one always).
pub const MAX_POINTS: usize = 200;

/// The series of `scores`, each game's result in order (1 a win, 0.5 a draw, 0 a loss).
/// Each point's interval is the normal one of `match`'s error bars: the score plus or
/// minus `z` standard errors of the games' spread (`z` for `confidence`, 0.95: 1.96); it
/// is a single point while every game so far has the same result.
pub fn score_series(label: &str, scores: &[f64], confidence: f64) -> ScoreSeries {
    let z = super::fit::normal_quantile(0.5 + confidence / 2.0);
    let n = scores.len();
    // A game is kept when it starts a new one of MAX_POINTS equal stretches (the last
    // game always ends one).
    let keep = |i: usize| n <= MAX_POINTS || (i + 1) * MAX_POINTS / n > i * MAX_POINTS / n;
    let (mut sum, mut sq) = (0.0, 0.0);
    let mut points = Vec::new();
    for (i, &s) in scores.iter().enumerate() {
        sum += s;
        sq += s * s;
        if !keep(i) {
            continue;
        }
        let g = (i + 1) as f64;
        let mean = sum / g;
        let var = (sq / g - mean * mean).max(0.0);
        let se = (var / g).sqrt();
        points.push(ScorePoint {
            games: (i + 1) as u64,
            score: mean,
            low: (mean - z * se).max(0.0),
            high: (mean + z * se).min(1.0),
        });
    }
    ScoreSeries {
        label: label.to_string(),
        points,
    }
}

const WIDTH: f64 = 680.0;
const LEFT: f64 = 190.0;
const RIGHT: f64 = 30.0;
const ROW: f64 = 26.0;
const FONT: &str = "font-family=\"sans-serif\"";
const FIT: &str = "#1565c0";
const DECLARED: &str = "#e65100";
const OUTSIDE: &str = "#c62828";
const GRID: &str = "#dddddd";
const SERIES: [&str; 4] = ["#1565c0", "#2e7d32", "#6a1b9a", "#e65100"];

/// The values chart, with the score chart of `series` under it when there is any.
pub fn values_svg(report: &ValueReport, series: &[ScoreSeries]) -> String {
    let mut body = String::new();
    let mut y = 0.0;
    y += values_panel(&mut body, report, y);
    if !series.is_empty() {
        y += 20.0;
        y += score_panel(&mut body, "Score as the games accumulate", series, y);
    }
    document(&body, y)
}

/// The score chart alone.
pub fn score_svg(title: &str, series: &[ScoreSeries]) -> String {
    let mut body = String::new();
    let h = score_panel(&mut body, title, series, 0.0);
    document(&body, h)
}

fn document(body: &str, height: f64) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height:.0}\" viewBox=\"0 0 {WIDTH} {height:.0}\">\n<rect width=\"{WIDTH}\" height=\"{height:.0}\" fill=\"white\"/>\n{body}</svg>\n"
    )
}

/// A step between ticks that gives at most about ten ticks over `span`.
fn tick_step(span: f64) -> f64 {
    let mut step = 1.0;
    for s in [
        0.1, 0.2, 0.25, 0.5, 1.0, 2.0, 2.5, 5.0, 10.0, 20.0, 25.0, 50.0, 100.0,
    ] {
        step = s;
        if span / s <= 10.0 {
            break;
        }
    }
    while span / step > 10.0 {
        step *= 10.0;
    }
    step
}

/// A tick's label: no trailing zeros.
fn label(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The values axis as (start, end, tick step): from 0, or from below the lowest value when
/// a fit or its interval is negative (a piece the games find worth less than nothing), to
/// above the highest. An interval reaching further than the values' own span beyond them
/// (a study of a few games) is cut at the axis and drawn dashed, so that it does not
/// squeeze the values into a corner.
fn value_axis(r: &ValueReport) -> (f64, f64, f64) {
    let finite = |vs: &mut dyn Iterator<Item = f64>| {
        vs.filter(|v| v.is_finite())
            .fold((0.0f64, 1.0f64), |(lo, hi), v| (lo.min(v), hi.max(v)))
    };
    let (vmin, vmax) = finite(
        &mut r
            .rows
            .iter()
            .flat_map(|x| [Some(x.fitted), x.declared])
            .flatten(),
    );
    let reach = vmax - vmin;
    let (min, max) = finite(&mut r.rows.iter().flat_map(|x| [x.low, x.high]).flatten());
    let (min, max) = (
        min.max(vmin - reach).min(vmin),
        max.min(vmax + reach).max(vmax),
    );
    let step = tick_step((max - min) * 1.05);
    let hi = (max * 1.05 / step).ceil() * step;
    let lo = (min * 1.05 / step).floor() * step;
    (lo, hi, step)
}

/// The values panel's grid lines, tick labels and axis title, between `plot_top` and
/// `bottom`.
fn value_grid(
    out: &mut String,
    (lo, hi, step): (f64, f64, f64),
    xs: &dyn Fn(f64) -> f64,
    (plot_top, bottom): (f64, f64),
    unit: &str,
) {
    let ticks = ((hi - lo) / step).round() as i64;
    for k in 0..=ticks {
        // Ticks counted from `lo`, so that no rounding error writes "-0".
        let t = lo + k as f64 * step;
        let t = if t.abs() < step * 1e-6 { 0.0 } else { t };
        let x = xs(t);
        let _ = writeln!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{plot_top:.1}\" x2=\"{x:.1}\" y2=\"{bottom:.1}\" stroke=\"{GRID}\"/><text x=\"{x:.1}\" y=\"{:.1}\" {FONT} font-size=\"11\" text-anchor=\"middle\">{}</text>",
            bottom + 16.0,
            label(t)
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\" {FONT} font-size=\"11\" text-anchor=\"middle\">pawns ({} = 1)</text>",
        (LEFT + WIDTH - RIGHT) / 2.0,
        bottom + 32.0,
        escape(unit)
    );
}

/// Draws the values panel from `top`; returns its height.
fn values_panel(out: &mut String, r: &ValueReport, top: f64) -> f64 {
    let pct = (r.confidence * 100.0).round();
    let plot_top = top + 62.0;
    let plot_h = ROW * r.rows.len().max(1) as f64;
    let height = plot_top - top + plot_h + 40.0;
    let (lo, hi, step) = value_axis(r);
    let xs = |v: f64| LEFT + ((v - lo) / (hi - lo)).clamp(0.0, 1.0) * (WIDTH - LEFT - RIGHT);
    let _ = writeln!(
        out,
        "<text x=\"12\" y=\"{:.1}\" {FONT} font-size=\"16\" font-weight=\"bold\">{}</text>",
        top + 22.0,
        escape(&format!("Piece values of {} (pawns)", r.game))
    );
    // The legend.
    let ly = top + 44.0;
    let _ = writeln!(
        out,
        "<line x1=\"12\" y1=\"{ly:.1}\" x2=\"36\" y2=\"{ly:.1}\" stroke=\"{FIT}\" stroke-width=\"2\"/><circle cx=\"24\" cy=\"{ly:.1}\" r=\"4\" fill=\"{FIT}\"/>\
         <text x=\"42\" y=\"{:.1}\" {FONT} font-size=\"12\">fitted, {pct}% interval</text>",
        ly + 4.0
    );
    let _ = writeln!(
        out,
        "{}<text x=\"216\" y=\"{:.1}\" {FONT} font-size=\"12\">declared by the file (red if outside the interval)</text>",
        diamond(204.0, ly, DECLARED),
        ly + 4.0,
    );
    let _ = writeln!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\" {FONT} font-size=\"12\" text-anchor=\"end\">{} games, {} setups</text>",
        WIDTH - RIGHT,
        top + 22.0,
        r.games,
        r.setups
    );
    let bottom = plot_top + plot_h;
    value_grid(out, (lo, hi, step), &xs, (plot_top, bottom), &r.unit);
    for (i, x) in r.rows.iter().enumerate() {
        let cy = plot_top + ROW * (i as f64 + 0.5);
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" {FONT} font-size=\"12\" text-anchor=\"end\">{}</text>",
            LEFT - 10.0,
            cy + 4.0,
            escape(&x.name)
        );
        let (lo_x, hi_x) = (xs(x.low.unwrap_or(lo)), xs(x.high.unwrap_or(hi)));
        let cut = |b: Option<f64>| b.is_none_or(|b| b < lo || b > hi);
        let dash = if cut(x.low) || cut(x.high) {
            " stroke-dasharray=\"4 3\""
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "<line x1=\"{lo_x:.1}\" y1=\"{cy:.1}\" x2=\"{hi_x:.1}\" y2=\"{cy:.1}\" stroke=\"{FIT}\" stroke-width=\"2\"{dash}/>"
        );
        for (b, v) in [(x.low, lo_x), (x.high, hi_x)] {
            if !cut(b) {
                let _ = writeln!(
                    out,
                    "<line x1=\"{v:.1}\" y1=\"{:.1}\" x2=\"{v:.1}\" y2=\"{:.1}\" stroke=\"{FIT}\" stroke-width=\"2\"/>",
                    cy - 6.0,
                    cy + 6.0
                );
            }
        }
        let _ = writeln!(
            out,
            "<circle cx=\"{:.1}\" cy=\"{cy:.1}\" r=\"4.5\" fill=\"{FIT}\"/>",
            xs(x.fitted)
        );
        if let Some(d) = x.declared {
            let colour = if x.outside { OUTSIDE } else { DECLARED };
            let _ = writeln!(out, "{}", diamond(xs(d), cy, colour));
        }
    }
    height
}

fn diamond(x: f64, y: f64, colour: &str) -> String {
    format!(
        "<path d=\"M{:.1} {y:.1}L{x:.1} {:.1}L{:.1} {y:.1}L{x:.1} {:.1}Z\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>",
        x - 7.0,
        y - 7.0,
        x + 7.0,
        y + 7.0
    )
}

/// Draws the score panel from `top`; returns its height.
fn score_panel(out: &mut String, title: &str, series: &[ScoreSeries], top: f64) -> f64 {
    let plot_top = top + 40.0 + 18.0 * series.len() as f64;
    let plot_h = 220.0;
    let bottom = plot_top + plot_h;
    let height = bottom - top + 40.0;
    let games = series
        .iter()
        .flat_map(|s| s.points.last())
        .map(|p| p.games)
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let xs = |g: f64| LEFT - 120.0 + g / games * (WIDTH - LEFT + 120.0 - RIGHT);
    let ys = |s: f64| bottom - s.clamp(0.0, 1.0) * plot_h;
    let _ = writeln!(
        out,
        "<text x=\"12\" y=\"{:.1}\" {FONT} font-size=\"16\" font-weight=\"bold\">{}</text>",
        top + 22.0,
        escape(title)
    );
    score_legend(out, series, top);
    score_axes(out, games, bottom, &xs, &ys);
    score_lines(out, series, &xs, &ys);
    height
}

/// The panel's legend: each series' colour, label and last score with its interval.
fn score_legend(out: &mut String, series: &[ScoreSeries], top: f64) {
    for (i, s) in series.iter().enumerate() {
        let c = SERIES[i % SERIES.len()];
        let ly = top + 42.0 + 18.0 * i as f64;
        let last = s.points.last();
        let tail = last.map_or(String::new(), |p| {
            format!(
                ": {:.1}% ({:.1} .. {:.1}) after {} games",
                p.score * 100.0,
                p.low * 100.0,
                p.high * 100.0,
                p.games
            )
        });
        let _ = writeln!(
            out,
            "<rect x=\"12\" y=\"{:.1}\" width=\"24\" height=\"10\" fill=\"{c}\" fill-opacity=\"0.2\"/><line x1=\"12\" y1=\"{ly:.1}\" x2=\"36\" y2=\"{ly:.1}\" stroke=\"{c}\" stroke-width=\"2\"/><text x=\"42\" y=\"{:.1}\" {FONT} font-size=\"12\">{}</text>",
            ly - 5.0,
            ly + 4.0,
            escape(&format!("{}{tail}", s.label))
        );
    }
}

/// The panel's axes: the score's grid (50% dashed) and the games' ticks.
fn score_axes(
    out: &mut String,
    games: f64,
    bottom: f64,
    xs: &impl Fn(f64) -> f64,
    ys: &impl Fn(f64) -> f64,
) {
    let x0 = xs(0.0);
    for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let y = ys(t);
        let dash = if t == 0.5 {
            " stroke-dasharray=\"5 4\" stroke=\"#888888\""
        } else {
            " stroke=\"#dddddd\""
        };
        let _ = writeln!(
            out,
            "<line x1=\"{x0:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\"{dash}/><text x=\"{:.1}\" y=\"{:.1}\" {FONT} font-size=\"11\" text-anchor=\"end\">{}%</text>",
            WIDTH - RIGHT,
            x0 - 6.0,
            y + 4.0,
            (t * 100.0) as u32
        );
    }
    let step = tick_step(games);
    let mut g = 0.0;
    while g <= games + 1e-9 {
        let x = xs(g);
        let _ = writeln!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{bottom:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#888888\"/><text x=\"{x:.1}\" y=\"{:.1}\" {FONT} font-size=\"11\" text-anchor=\"middle\">{}</text>",
            bottom + 4.0,
            bottom + 16.0,
            label(g)
        );
        g += step;
    }
    let _ = writeln!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\" {FONT} font-size=\"11\" text-anchor=\"middle\">games</text>",
        (x0 + WIDTH - RIGHT) / 2.0,
        bottom + 32.0
    );
}

/// Each series' score as a line in its interval's band.
fn score_lines(
    out: &mut String,
    series: &[ScoreSeries],
    xs: &impl Fn(f64) -> f64,
    ys: &impl Fn(f64) -> f64,
) {
    for (i, s) in series.iter().enumerate() {
        if s.points.is_empty() {
            continue;
        }
        let c = SERIES[i % SERIES.len()];
        let mut band = String::new();
        for p in &s.points {
            let _ = write!(band, "{:.1},{:.1} ", xs(p.games as f64), ys(p.high));
        }
        for p in s.points.iter().rev() {
            let _ = write!(band, "{:.1},{:.1} ", xs(p.games as f64), ys(p.low));
        }
        let _ = writeln!(
            out,
            "<polygon points=\"{}\" fill=\"{c}\" fill-opacity=\"0.2\"/>",
            band.trim_end()
        );
        let line: Vec<String> = s
            .points
            .iter()
            .map(|p| format!("{:.1},{:.1}", xs(p.games as f64), ys(p.score)))
            .collect();
        let _ = writeln!(
            out,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"2\"/>",
            line.join(" ")
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use crate::values::report::report;

    fn tower_report() -> ValueReport {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/data/tower-chess.toml"
        );
        let v = Variant::load(path).unwrap();
        report(&v, &crate::values::report::tests::fixed_fit())
    }

    /// 300 games of a side scoring about 36%: a fixed pattern of wins, draws and losses.
    fn fixed_scores() -> Vec<f64> {
        (0..300)
            .map(|i| match (i * 7 + i / 5) % 11 {
                0..=2 => 1.0,
                3..=4 => 0.5,
                _ => 0.0,
            })
            .collect()
    }

    #[test]
    fn a_series_keeps_at_most_its_points_and_its_last_game() {
        let s = score_series("pawn odds", &fixed_scores(), 0.95);
        assert_eq!(s.points.len(), MAX_POINTS);
        let last = s.points.last().unwrap();
        assert_eq!(last.games, 300);
        let mean = fixed_scores().iter().sum::<f64>() / 300.0;
        assert!((last.score - mean).abs() < 1e-12);
        assert!(last.low < mean && mean < last.high);
        // After one win: 100%, an interval of one point.
        let one = score_series("x", &[1.0, 0.0], 0.95);
        assert_eq!(
            one.points[0],
            ScorePoint {
                games: 1,
                score: 1.0,
                low: 1.0,
                high: 1.0
            }
        );
        assert_eq!((one.points[1].low, one.points[1].high), (0.0, 1.0));
    }

    #[test]
    fn the_values_chart_is_well_formed_and_stable() {
        let series = [score_series("pawn odds", &fixed_scores(), 0.95)];
        let svg = values_svg(&tower_report(), &series);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(
            svg.matches("<circle").count(),
            6 + 1,
            "a dot per value, one in the legend"
        );
        // The tower's declared 4 is outside its interval: a red diamond.
        assert_eq!(svg.matches(&format!("stroke=\"{OUTSIDE}\"")).count(), 2);
        insta::assert_snapshot!(svg);
    }

    #[test]
    fn a_negative_value_widens_the_axis_below_zero() {
        let mut r = tower_report();
        r.rows[0].fitted = -0.98;
        r.rows[0].low = Some(-4.44);
        r.rows[0].high = Some(2.05);
        let svg = values_svg(&r, &[]);
        // Ticks below zero, each written once, and no "-0".
        assert!(
            svg.contains(">-4</text>") || svg.contains(">-5</text>"),
            "{svg}"
        );
        assert!(!svg.contains(">-0</text>"));
        assert_eq!(svg.matches(">0</text>").count(), 1);
        // The dot of the negative value lies left of the zero tick.
        let x_of = |needle: &str| -> f64 {
            let i = svg.find(needle).unwrap();
            let start = svg[..i].rfind("x=\"").unwrap() + 3;
            svg[start..].split('"').next().unwrap().parse().unwrap()
        };
        let zero = x_of(">0</text>");
        let cy = svg
            .split("<circle cx=\"")
            .nth(2)
            .and_then(|c| c.split('"').next())
            .unwrap()
            .parse::<f64>()
            .unwrap();
        assert!(cy < zero, "dot at {cy}, zero at {zero}");
    }
}
