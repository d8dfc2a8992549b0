/**
 * The flow-level (fluid) simulator (docs/design.md, "The fluid simulator"): the packet simulator's system
 * with continuous rates, windows and queues. Entry point {@link org.primelab.fluid.FluidSimulator}
 * (model equations and the step in its javadoc), configuration {@link org.primelab.fluid.FluidConfig},
 * DCTCP in fluid form {@link org.primelab.fluid.FluidDctcp} (derived from the per-ACK rules and checked
 * against Alizadeh–Javanmard–Prabhakar's model), load balancers as {@link org.primelab.fluid.SplitRule}s
 * ({@link org.primelab.fluid.SplitMode}: expected fractions, or packet quanta placed by each scheme's own
 * core generator), and the uplink-to-downlink fair share {@link org.primelab.fluid.FairShareBound} used
 * to cross-validate link loads. {@code prime fluid} runs it; {@code prime crossval} compares it with the
 * packet simulator and the analytical ideal.
 */
package org.primelab.fluid;
