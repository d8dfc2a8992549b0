package org.primelab.notebooks;

/**
 * A figure's verdict: what the paper claims, what we measured, and whether that reproduces it. Prints
 * as three lines beside the figure.
 *
 * @param paper the paper's claim, one sentence
 * @param measured our result, one sentence with the numbers
 * @param reproduced whether the measurement agrees with the claim
 * @param scaleNote how our experiment differs in size from the paper's (empty if it does not)
 */
public record Claim(String paper, String measured, boolean reproduced, String scaleNote) {
    @Override
    public String toString() {
        return "paper:      " + paper + "\nmeasured:   " + measured + (scaleNote.isEmpty() ? "" : " (" + scaleNote + ")")
                + "\nreproduced: " + (reproduced ? "yes" : "no");
    }
}
