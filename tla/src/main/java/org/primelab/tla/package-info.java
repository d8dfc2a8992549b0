/**
 * TLA+ specifications of PRIME's congestion history and multi-part entropy ({@code *.tla} with one
 * {@code .cfg} per model), the runner that model-checks them with TLC as a subprocess, and the
 * conformance tests that hold core's Java code to the specs. Filled by the "tla" issue.
 */
package org.primelab.tla;
