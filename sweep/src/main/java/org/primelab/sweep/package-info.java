/** Parameter sweeps of the simulators on Apache Spark: {@code prime sweep} and {@code prime figures}. */
package org.primelab.sweep;
