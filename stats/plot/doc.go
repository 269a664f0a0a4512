// Package plot is coevo's figure style on gonum/plot, used by every plot
// coevo draws, and the figures it makes from results.
//
// The style (New): Liberation Sans at print sizes, embedded in PDF files;
// figures one column wide (Width x Height, 3.5 in) or across both columns
// (DoubleWidth x DoubleHeight, 7 in); axis labels that carry their units
// and take exponents and indices (10^{3}, D_{KL}); a margin (Margin) at
// the ends of every axis, so that no mark touches the frame; linear axes
// labelled at 1, 2 or 5 x 10^k, counts at whole numbers (CountAxis);
// logarithmic axes ticked at powers of ten (LogAxis), and at 1, 2 and 5 x
// 10^k or every multiple when they span fewer than three; tick labels in
// one style per axis (plain numbers, or all m×10^k, never 50000 beside
// 10^5 and 1.5×10^5; on a linear axis with one exponent); Okabe and Ito's
// colour-blind-safe palette (Colors), with a dash pattern per series
// (Series); intervals drawn as bands (Band) or error bars; and legends in
// a band of their own above the data (Finish), so that they never cover
// it. Save writes PDF, SVG, EPS or PNG at DPI (300) by the file's
// extension, atomically. A notebook shows a plot 1.5 times this size, so
// that its 7 pt type reads at 10.5 pt (kernel/display).
//
// The figures: Ratings (with 95% intervals, as bars or a band; its legend
// says when there are none to see, none given or all hidden by the
// dots), LogLog (a
// fit and a bound's slope), Lines (series with a legend, e.g. a run's
// history by generation), HeatmapOf (a matrix with a colour bar, on a
// sequential or a diverging scale, or in Greys for print: CIAO plots,
// likelihood of superiority), and Text, a quick plain-text chart for terminals.
//
//	p, _ := plot.Ratings(names, elo, lo, hi)
//	err := plot.Save(p, "ratings.pdf")
package plot
