/**
 * The flow-level ODE simulator (DESIGN.md, "The fluid simulator"): DCTCP fluid dynamics, per-path
 * splits per scheme and RED-marked link queues, cross-validated against the packet simulator.
 * Filled by the "fluid-sim" issue.
 */
package org.primelab.fluid;
