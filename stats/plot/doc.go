// Package plot makes publication figures on gonum/plot: a rating plot with
// confidence intervals, a log-log runtime plot with a fitted line and a
// theoretical bound's slope, a heatmap (for CIAO plots), and lines with a
// legend (Lines, e.g. a run's history by generation). Save writes a
// figure sized for one column of a two-column paper (3.5 x 2.6 inches), in
// the format its file name ends with (.pdf, .svg, .png, .eps), atomically.
// Text renders a quick plain-text chart for terminals with vdobler/chart.
//
//	p, _ := plot.Ratings(names, elo, lo, hi)
//	err := plot.Save(p, "ratings.pdf")
package plot
