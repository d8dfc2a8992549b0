/**
 * TLA+ specifications of PRIME (paper arXiv 2507.23012) checked by TLC, and the Java code held to them.
 *
 * <p><b>Specs</b> (resources under {@code org/primelab/tla/specs}, one {@code .cfg} per model, listed
 * with their expected verdicts in {@link org.primelab.tla.ModelCatalog}):
 * <ul>
 *   <li>{@code Odometer.tla} — Alg. 2, the multi-part generator with reshuffles, as operators;</li>
 *   <li>{@code PrimeEntropy.tla} — every aligned block of {@code L1*L2} sends covers each path exactly
 *       once; every path is picked infinitely often (part sizes 2..3); with fair reshuffles every order
 *       of each part recurs;</li>
 *   <li>{@code PrimeHistory.tla} — Alg. 1: ECN penalizes only a clean path, NACK sets {@code P_NACK},
 *       {@code Send} picks from the table as it stood before the send (skip penalized paths, least
 *       penalty if all are) and decays afterwards, never inside the scan. Safety, and liveness under
 *       {@code WF_vars(Send)}: once quiet every penalty reaches 0 and every path is picked infinitely
 *       often; TLC also shows every path is picked infinitely often while signals never stop; the scan
 *       finds a clean path within its 2N - 1 draws whenever one exists;</li>
 *   <li>{@code PrimeSpray.tla} — PrimeHistory with an observer of the sends: while a path stays clean,
 *       no other path gets three sends before it gets one (penalties take paths out of the spray without
 *       skewing it among the clean ones; it fails if the scan's skipped draws are not consumed);</li>
 *   <li>for every property, a mutant (one rule broken: ECN ignored, {@code MaxTries = 1}, no reshuffle,
 *       ...) that TLC must find violating it: the catalogue in {@code tla/README.md};</li>
 *   <li>{@code BitmapContrast.tla} — htsim's bitmap penalties, which decay inside the selection scan
 *       and redraw the scan's XOR mask at each wrap. TLC finds PRIME's pick property violated: with
 *       {@code pen = [0, 1, 1, 1]} the scan decays EV 1 to 0 and skips it, wraps under a new mask that
 *       revisits EVs 3 and 2, gives up after N + 1 visits and sends on penalized EV 2 while EVs 0 and 1
 *       are clean; with {@code pen = [0, 0, 0, 1]} it decays EV 3, wraps, meets EV 3 again under the new
 *       mask and sends on the only path that was penalized. With a fixed mask both properties hold:
 *       the redraw is what exposes the in-scan decay. See {@code tla/README.md}.</li>
 * </ul>
 *
 * <p><b>Runner.</b> {@link org.primelab.tla.TlcRunner} runs TLC as a subprocess per model (own
 * {@code -metadir}, timeout) and classifies the result ({@link org.primelab.tla.Verdict}); the CLI's
 * {@code prime check-specs} runs the whole catalog, then the conformance battery.
 *
 * <p><b>Conformance</b> ({@code org.primelab.tla.conformance}): Java transcriptions of the specs, shown
 * to reach the same number of states as TLC, drive seeded random traces against core's
 * {@code CongestionHistory}, {@code PrimeEntropyGenerator} and {@code PrimeOdometerGenerator}; every
 * step core takes must be a step the spec allows. {@code prime check-specs} runs them, so a broken core
 * makes the command fail.
 */
package org.primelab.tla;
