package org.primelab.analytical.check;

/**
 * One failed check: what failed (a flow or a port), the measured value and the bound it breaks.
 *
 * @param check the check
 * @param subject the flow or port, e.g. {@code flow id 52 (50->27)} or {@code leaf3 port 5}
 * @param measured the measured value, in {@code unit}
 * @param bound the bound it breaks, in {@code unit}
 * @param unit {@code us} or {@code packets}
 * @param detail one sentence: how the bound was formed, and the input line
 */
public record Finding(Check check, String subject, double measured, double bound, String unit, String detail) {
}
