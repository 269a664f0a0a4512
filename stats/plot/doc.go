// Package plot is coevo's figure style on gonum/plot, used by every plot
// coevo draws, and the figures it makes from results.
//
// The style (New): Liberation Sans at print sizes, embedded in PDF files;
// figures one column wide (Width x Height, 3.5 in) or across both columns
// (DoubleWidth x DoubleHeight, 7 in), or as tall as their content needs
// (Size); axis labels that carry their units and take exponents and
// indices (10^{3}, D_{KL}); a margin (Margin) at the ends of every axis,
// so that no mark touches the frame; and one tick rule for every axis:
//
//   - a linear axis is labelled at 1, 2 or 5 x 10^k (counts and
//     generations at whole numbers: CountAxis), in plain numbers with the
//     same decimals (0.0, 0.5, 1.0), and when they are long in units of
//     10^3, 10^6, ... that the axis label names ("games (×10^{3})",
//     "runtime T (10^{3} evaluations)"), never 0.5×10^5;
//   - a logarithmic axis (LogAxis) is ticked at powers of ten, labelled
//     10^k, and at 1, 2 and 5 x 10^k or every multiple when it spans fewer
//     than three, in one notation per axis (never 50000 beside 10^5);
//   - an axis of names (CategoryAxis: players, a heatmap's rows) has
//     labels and no tick marks, and labels turned to fit hang below the
//     axis, clear of it;
//   - a heatmap whose cells stand for a quantity (a CIAO plot's
//     generations: HeatmapStyle.XValues) is ticked at round values of it;
//   - a value a log axis cannot show (0) is drawn where the figure says
//     (engine/gp draws errors of 0 at 0.5 and its legend says so).
//
// Check draws a figure and reports what breaks the rules it can read from
// the drawing: a line through a label, labels over each other or cut by
// the edge, mixed notations, tick marks on an axis of names.
//
// Series take Okabe and Ito's colour-blind-safe palette (Colors), with a
// dash pattern each (Series); intervals are drawn as bands (Band) or
// error bars; legends sit in a band of their own above the data (Finish),
// so that they never cover it. Save writes PDF, SVG, EPS or PNG at DPI
// (300) by the file's extension, at the figure's Size, atomically. A
// notebook shows a plot 1.5 times this size, so that its 7 pt type reads
// at 10.5 pt (kernel/display).
//
// The figures: Ratings (a forest plot: players sorted, best at the top,
// names on the y axis, 95% intervals as bars, in one or two panels, the
// best and the worst of a league too large for two; its legend says when
// there are no intervals to see), LogLog (a fit and a bound's slope),
// Lines (series with a legend, e.g. a run's history by generation),
// HeatmapOf (a matrix with a colour bar, on a sequential or a diverging
// scale, or in Greys for print: CIAO plots, likelihood of superiority),
// and Text, a quick plain-text chart for terminals.
//
//	p, _ := plot.Ratings(names, elo, lo, hi)
//	err := plot.Save(p, "ratings.pdf")
package plot
