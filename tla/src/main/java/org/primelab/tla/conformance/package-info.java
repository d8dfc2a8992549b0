/**
 * Conformance of core's PRIME (paper arXiv 2507.23012, Alg. 1 over the Alg. 2 odometer) to the TLA+
 * specs: {@link org.primelab.tla.conformance.HistoryModel} and
 * {@link org.primelab.tla.conformance.OdometerModel} transcribe {@code PrimeHistory.tla} and
 * {@code Odometer.tla}; {@link org.primelab.tla.conformance.HistoryConformance} and
 * {@link org.primelab.tla.conformance.OdometerConformance} replay seeded random traces of the spec's
 * next-state relation against core, tracking the set of spec states consistent with what core showed
 * (its shuffles are hidden), and report the first step the spec does not allow.
 * {@link org.primelab.tla.conformance.CoreConformance} is the battery {@code prime check-specs} runs,
 * which is why this package is main code and not test code.
 */
package org.primelab.tla.conformance;
