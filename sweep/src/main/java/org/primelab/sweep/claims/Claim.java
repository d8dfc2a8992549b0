package org.primelab.sweep.claims;

/**
 * One quantitative claim of the paper's text and how we check it.
 *
 * @param id      short identifier (stable across runs, used in claims.json)
 * @param where   the paper's section
 * @param text    the claim, quoted or closely paraphrased
 * @param paper   the paper's number or statement
 * @param figure  the sweep directory (under the figures' output directory) whose results.csv it reads
 * @param rule    how our results are turned into a verdict
 */
public record Claim(String id, String where, String text, String paper, String figure, Rule rule) {
}
