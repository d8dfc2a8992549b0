"""Medians of two series of wall times measured in interleaved rounds, and of their per-round ratio.

usage: summarize.py LABEL_A "A1 A2 ..." LABEL_B "B1 B2 ..." RATIO_LABEL
Prints each series' median and range, then the median and range of A_i / B_i. Shared by
ab-bench.sh and vs-htsim.sh.
"""
import statistics as st
import sys

label_a, a, label_b, b, ratio_label = sys.argv[1:6]
a = [float(x) for x in a.split()]
b = [float(x) for x in b.split()]
ratios = [x / y for x, y in zip(a, b)]
for label, values in ((label_a, a), (label_b, b), (ratio_label, ratios)):
    print("%s: median %.2f (%.2f-%.2f)" % (label, st.median(values), min(values), max(values)))
